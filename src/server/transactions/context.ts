import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/db';
import type { Reads } from '../db/keyed-reads';
import type { OtpService } from '../otp/otp-service';
import type { ApprovalHub } from '../approvals/hub';
import type { SmsGateway } from '../sms/gateway';
import type { Money } from '../../shared/money';
import { lookupLocaleKey } from '../../shared/flows/locale-key';
import type { CatalogFlow, FlowCatalog } from './catalog';
import type { ServerRegistry } from './contracts';
import { txErrors } from './errors';

export interface Caller {
  customerId: number;
  sessionId: number;
}

export interface TransactionServiceDeps {
  db: Db;
  otp: OtpService;
  catalog: FlowCatalog;
  /** The named implementations the flows use (the composition root's, src/server/domains.ts). */
  registry: ServerRegistry;
  hub: ApprovalHub;
  /** The SMS gateway, for a step's look-up that texts a code (a new mobile number's). */
  sms?: SmsGateway;
}

/** What quoting and posting need: the database, the flows and the texts (no OTP, no companion app). */
export interface PostingContext {
  db: Db;
  catalog: FlowCatalog;
  registry: ServerRegistry;
  /** A flow's text (a locale key) in one language, for descriptions and the companion app. */
  t: (localeKey: string, lang: 'en' | 'id') => string;
  flowOrThrow(flowId: string): CatalogFlow;
  /** The quote's keyed reads when many are quoted together (quote-many.ts); absent: each on its own. */
  reads?: Reads;
}

/** What every part of the transaction service shares: its dependencies, the flows and the texts. */
export interface ServiceContext extends TransactionServiceDeps, PostingContext {}

export function serviceContext(deps: TransactionServiceDeps): ServiceContext;
export function serviceContext(
  deps: Pick<TransactionServiceDeps, 'db' | 'catalog' | 'registry'>,
): PostingContext;
export function serviceContext(
  deps: Pick<TransactionServiceDeps, 'db' | 'catalog' | 'registry'>,
): PostingContext {
  const t = localeReader(process.env.FLOWS_ROOT ?? path.resolve(import.meta.dirname, '..', '..', '..'));
  return {
    ...deps,
    t,
    flowOrThrow(flowId) {
      const entry = deps.catalog.get(flowId);
      if (!entry) throw txErrors.unknownFlow();
      return entry;
    },
  };
}

/** Flow titles for the approval summary, read once from locales/<lang>/flows.json. */
function localeReader(root: string) {
  const cache = new Map<string, unknown>();
  const read = (lang: string, ns: string) => {
    const key = `${lang}/${ns}`;
    if (!cache.has(key)) {
      const file = path.join(root, 'locales', lang, `${ns}.json`);
      cache.set(key, existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});
    }
    return cache.get(key);
  };
  return (localeKey: string, lang: 'en' | 'id'): string => {
    const text = lookupLocaleKey((ns) => read(lang, ns), localeKey);
    return typeof text === 'string' ? text : localeKey;
  };
}

export const fieldOf = (p: string) => p.replace(/^form\./, '');
export const pointer = (p: string) => `/form/${fieldOf(p)}`;

export function asMoney(value: unknown, fallbackCurrency: string): Money | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value))
    return { amount: value, currency: fallbackCurrency };
  if (value && typeof value === 'object') {
    const m = value as Partial<Money>;
    if (typeof m.amount === 'number' && Number.isSafeInteger(m.amount) && typeof m.currency === 'string')
      return { amount: m.amount, currency: m.currency };
  }
  return undefined;
}

/**
 * An account id as a form carries it, in its canonical form only: a decimal string without a sign,
 * spaces or leading zeros. "018", " 18", "0x12" and "18.0" name no account (Number() read them as 18).
 */
export function accountIdOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,14}$/.test(value)) return undefined;
  return Number(value);
}
