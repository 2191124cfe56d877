import { ApiError } from '../http/api-error';
import type { ListEntry } from '../../shared/flows/reference';
import { readValue } from '../../shared/flows/values';
import { invalidChoice, resolveProvider } from '../reference/store';
import { ageOn } from './gates';
import type { Lookup } from './contracts';

/**
 * A product's premium rule, as data in its provider's catalogue (providers/<category>.json, an entry
 * of the provider's `products`): premium = cover x the rate of the insured's age band (minor units per
 * million of cover) x the term's percent of one year's premium / 100, in whole minor units.
 */
export interface PremiumRule {
  /** The insured's age (whole years on the day of the inquiry) the product accepts. */
  ages: { min: number; max: number };
  /** Rate per million of cover, by age band (the first band whose maxAge is not below the age). */
  bands: { maxAge: number; perMillion: number }[];
  /** The covers offered (minor units); the page's cover field names one of them. */
  covers: number[];
  /** The terms offered, in years, each with its premium as a percent of one year's. */
  terms: { years: number; percent: number }[];
  /** How the premium is paid: "single" (once, for the whole term) or "yearly". */
  frequency?: 'single' | 'yearly';
}

const refuse = (code: string, field: string, eng: string, idn: string) =>
  new ApiError(
    422,
    'CLICKS',
    code,
    {
      titleEng: 'Not available for these details',
      titleIdn: 'Tidak tersedia untuk data ini',
      messageEng: eng,
      messageIdn: idn,
    },
    { [`/form/${field}`]: { eng, idn } },
  );

const fieldOf = (path: unknown) => String(path ?? '').replace(/^form\./, '');

/** Whole minor units of cover x perMillion x percent / 100 / 1,000,000 (exact, in bigint). */
export function premiumOf(cover: number, perMillion: number, percent: number): number {
  const n = BigInt(cover) * BigInt(perMillion) * BigInt(percent);
  const d = 100_000_000n;
  return Number((n + d / 2n) / d);
}

/**
 * provider.premium: the premium of the chosen product for the insured's age (from a date of birth on
 * the form), the cover and the term (form values named by params), by the product's `premiumRule`.
 * Refuses, on the field, an age, cover or term the product does not offer. Answers `premium` (minor
 * units), `age`, `cover`, `termYears`, `frequency`, the product's `productCode` and `productName`, and
 * the provider's `policyProvider` and `policyPrefix` (what its policies are filed under).
 * params: `options` (the provider's list of products, default "products"), `product`, `birthDate`,
 * `cover` (value paths), `term` (value path; default the product's first term).
 */
export const providerPremium: Lookup = async (ctx, params) => {
  const resolved = resolveProvider(ctx.flow, ctx.form);
  if (!resolved) throw new Error(`flow ${ctx.flow.id} uses provider.premium without a provider`);
  const provider = resolved.provider as ListEntry & Record<string, unknown>;
  const code = readValue({ form: ctx.form }, String(params.product));
  const listName = typeof params.options === 'string' ? params.options : 'products';
  const products = (provider[listName] as (ListEntry & { premiumRule?: PremiumRule })[] | undefined) ?? [];
  const product = products.find((p) => p.code === code);
  if (!product?.premiumRule) throw invalidChoice(`/form/${fieldOf(params.product)}`);
  const rule = product.premiumRule;

  const birthField = fieldOf(params.birthDate);
  const birth = String(readValue({ form: ctx.form }, String(params.birthDate)) ?? '');
  const born = /^\d{4}-\d{2}-\d{2}$/.test(birth) ? new Date(`${birth}T00:00:00Z`) : undefined;
  if (!born || Number.isNaN(born.getTime()))
    throw refuse(
      'BIRTH_DATE_INVALID',
      birthField,
      'Enter a valid date of birth.',
      'Masukkan tanggal lahir yang valid.',
    );
  const age = ageOn(born, new Date());
  if (age < rule.ages.min || age > rule.ages.max)
    throw refuse(
      'AGE_NOT_ELIGIBLE',
      birthField,
      `This product is for insured persons aged ${rule.ages.min} to ${rule.ages.max}.`,
      `Produk ini untuk tertanggung berusia ${rule.ages.min} sampai ${rule.ages.max} tahun.`,
    );

  const coverField = fieldOf(params.cover);
  const cover = Number(readValue({ form: ctx.form }, String(params.cover)));
  if (!rule.covers.includes(cover))
    throw refuse(
      'COVER_NOT_OFFERED',
      coverField,
      'This product does not offer the cover chosen.',
      'Produk ini tidak menawarkan uang pertanggungan yang dipilih.',
    );

  const termValue = params.term ? Number(readValue({ form: ctx.form }, String(params.term))) : undefined;
  const term = termValue === undefined ? rule.terms[0] : rule.terms.find((x) => x.years === termValue);
  if (!term)
    throw refuse(
      'TERM_NOT_OFFERED',
      fieldOf(params.term),
      'This product does not offer the term chosen.',
      'Produk ini tidak menawarkan masa pertanggungan yang dipilih.',
    );

  const band = rule.bands.find((b) => age <= b.maxAge) ?? rule.bands.at(-1)!;
  return {
    premium: premiumOf(cover, band.perMillion, term.percent),
    age,
    cover,
    termYears: term.years,
    frequency: rule.frequency ?? 'single',
    productCode: product.code,
    productName: product.name,
    providerName: provider.name,
    policyProvider: String(provider.policyProvider ?? provider.code),
    policyPrefix: String(provider.policyPrefix ?? provider.code),
  };
};
