/**
 * Typed locale keys, checked against the English files (the i18n check keeps Indonesian in step).
 * `useTypedTranslation('shell')` gives a `t` that accepts only keys that exist, so a typo or a
 * missing key fails `tsc`. Opt-in per call site: the global i18next declaration would also reject
 * every dynamic key taken from data (flow files' labelKey), which must stay plain strings.
 */
import { useTranslation } from 'react-i18next';
import type common from '../../../locales/en/common.json';
import type errors from '../../../locales/en/errors.json';
import type auth from '../../../locales/en/auth.json';
import type shell from '../../../locales/en/shell.json';
import type dashboard from '../../../locales/en/dashboard.json';
import type engine from '../../../locales/en/engine.json';
import type flows from '../../../locales/en/flows.json';
import type register from '../../../locales/en/register.json';
import type mobile from '../../../locales/en/mobile.json';
import type receipts from '../../../locales/en/receipts.json';
import type transfer from '../../../locales/en/transfer.json';
import type myaccount from '../../../locales/en/myaccount.json';
import type settings from '../../../locales/en/settings.json';
import type invest from '../../../locales/en/invest.json';
import type gold from '../../../locales/en/gold.json';
import type help from '../../../locales/en/help.json';
import type business from '../../../locales/en/business.json';
import type pfm from '../../../locales/en/pfm.json';
import type living from '../../../locales/en/living.json';
import type bills from '../../../locales/en/bills.json';
import type cart from '../../../locales/en/cart.json';
import type batch from '../../../locales/en/batch.json';
import type engine2 from '../../../locales/en/engine2.json';

export interface Resources {
  common: typeof common;
  errors: typeof errors;
  auth: typeof auth;
  shell: typeof shell;
  dashboard: typeof dashboard;
  engine: typeof engine;
  flows: typeof flows;
  register: typeof register;
  mobile: typeof mobile;
  /** The public receipt check page (server-rendered). */
  receipts: typeof receipts;
  transfer: typeof transfer;
  myaccount: typeof myaccount;
  settings: typeof settings;
  invest: typeof invest;
  gold: typeof gold;
  help: typeof help;
  business: typeof business;
  pfm: typeof pfm;
  living: typeof living;
  bills: typeof bills;
  cart: typeof cart;
  batch: typeof batch;
  engine2: typeof engine2;
}

export type Namespace = keyof Resources;

/** Dotted paths to the string leaves of a locale object. */
type Leaves<T, P extends string = ''> = T extends string
  ? never
  : {
      [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
    }[keyof T & string];

export type LocaleKey<NS extends Namespace> = Leaves<Resources[NS]>;

/** 'ns:key' for any namespace. */
export type QualifiedKey = { [NS in Namespace]: `${NS}:${LocaleKey<NS>}` }[Namespace];

export type TypedT<NS extends Namespace> = (
  key: LocaleKey<NS> | QualifiedKey,
  options?: Record<string, unknown>,
) => string;

/** useTranslation with keys checked at compile time. */
export function useTypedTranslation<NS extends Namespace>(ns: NS) {
  const { t, i18n } = useTranslation(ns);
  return { t: t as unknown as TypedT<NS>, i18n };
}

/** For keys that come from data (flow files): checked at run time by the i18n check instead. */
export function dynamicKey(t: unknown, key: string, options?: Record<string, unknown>): string {
  return (t as (k: string, o?: Record<string, unknown>) => string)(key, options);
}
