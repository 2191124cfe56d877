import type { Queryable } from '../db/db';
import { directReads, type Reads } from '../db/keyed-reads';
import type { GateChecker } from './contracts';
import { ApiError } from '../http/api-error';
import type { FlowFile, FlowGate, GateKind } from '../../shared/flows/types';
import { readValue } from '../../shared/flows/values';
import { investmentEligibility, investorAccountOf, riskProfileOf } from '../invest/risk-profile';
import { newBeneficiaryCap } from '../settings/new-beneficiary';
import en from '../../../locales/en/engine2.json';
import id from '../../../locales/id/engine2.json';

type GateTexts = typeof en.gates;
type TextKey = Exclude<keyof GateTexts, 'blocked' | 'products'>;

const fill = (s: string, vars: Record<string, string | number>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));

/** The gate's refusal: the spec's apierror, its texts in both languages from locales/<lang>/engine2.json. */
function refusal(
  status: number,
  sourceSystem: string,
  errorCode: string,
  key: TextKey,
  vars: { en?: Record<string, string | number>; id?: Record<string, string | number> } = {},
) {
  return new ApiError(status, sourceSystem, errorCode, {
    titleEng: en.gates[key].title,
    titleIdn: id.gates[key].title,
    messageEng: fill(en.gates[key].message, vars.en ?? {}),
    messageIdn: fill(id.gates[key].message, vars.id ?? {}),
  });
}

async function holds(db: Queryable, customerId: number, products: string[]): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM accounts WHERE customer_id = $1 AND product = ANY($2::text[]) AND status = 'active' LIMIT 1`,
    [customerId, products],
  );
  return rows.length > 0;
}

/** Whole years between the date of birth and now (the birthday itself counts). */
export function ageOn(birth: Date, now: Date): number {
  let years = now.getUTCFullYear() - birth.getUTCFullYear();
  const m = now.getUTCMonth() - birth.getUTCMonth();
  if (m < 0 || (m === 0 && now.getUTCDate() < birth.getUTCDate())) years--;
  return years;
}

/** Codes of spec section 8's no-account dialogs, per product a gate may ask for. */
const NO_PRODUCT: Record<string, { source: string; code: string }> = {
  savings: { source: 'SIBS', code: 'MBM2001' },
  current: { source: 'SIBS', code: 'MBM2001' },
  credit_card: { source: 'SICS', code: 'T1' },
};

/**
 * The gate registry: ONE fixed record of named checkers (like serviceExecutors). A flow names gates
 * as data (`"gates": [{ "kind": "riskProfile" }]`); no checker knows any particular flow.
 */
export const gateCheckers: { [K in GateKind]: GateChecker<Extract<FlowGate, { kind: K }>> } = {
  casa: async (db, _gate, ctx) => {
    if (!(await holds(db, ctx.customerId, ['savings', 'current'])))
      throw refusal(422, 'SIBS', 'MBM2001', 'casa');
  },
  riskProfile: async (db, gate, ctx) => {
    const profile = await riskProfileOf(db, ctx.customerId, ctx.now);
    if (!profile) throw refusal(409, 'WMS', 'RISK_PROFILE_REQUIRED', 'riskProfileMissing');
    if (profile.expired) throw refusal(409, 'WMS', 'RISK_PROFILE_EXPIRED', 'riskProfileExpired');
    // The product's own check needs the form: at inquiry only.
    if (!gate.product || !ctx.form) return;
    const code = readValue({ form: ctx.form }, gate.product);
    if (typeof code !== 'string') return;
    const e = await investmentEligibility(db, ctx.customerId, code, ctx.now);
    if (e?.reason === 'above_profile') throw refusal(409, 'WMS', 'RISK_ABOVE_PROFILE', 'aboveProfile');
  },
  investorId: async (db, gate, ctx) => {
    if (await investorAccountOf(db, ctx.customerId)) return;
    throw gate.for === 'fund'
      ? refusal(422, 'WMS', '0904', 'investorIdFund')
      : refusal(422, 'KSEI', '04', 'investorId');
  },
  holding: async (db, gate, ctx) => {
    const { rows } = await db.query(
      `SELECT 1 FROM investment_holdings h JOIN investment_products p ON p.code = h.product_code
        WHERE h.customer_id = $1 AND p.kind = $2 AND (h.units > 0 OR h.face_value > 0) LIMIT 1`,
      [ctx.customerId, gate.of],
    );
    if (rows.length) return;
    throw gate.of === 'bond'
      ? refusal(422, 'CLICKS', '1513', 'holdingBond')
      : refusal(422, 'CLICKS', '0092', 'holdingFund');
  },
  age: async (db, gate, ctx) => {
    const { rows } = await db.query<{ date_of_birth: Date | string | null }>(
      'SELECT date_of_birth FROM customers WHERE id = $1',
      [ctx.customerId],
    );
    const dob = rows[0]?.date_of_birth;
    if (!dob) throw refusal(422, 'CLICKS', 'AGE_UNKNOWN', 'ageUnknown');
    const age = ageOn(new Date(dob), ctx.now);
    if (gate.min !== undefined && age < gate.min)
      throw refusal(422, 'CLICKS', 'AGE_NOT_ELIGIBLE', 'ageBelow', {
        en: { min: gate.min },
        id: { min: gate.min },
      });
    if (gate.max !== undefined && age > gate.max)
      throw refusal(422, 'CLICKS', 'AGE_NOT_ELIGIBLE', 'ageAbove', {
        en: { max: gate.max },
        id: { max: gate.max },
      });
  },
  newBeneficiary: newBeneficiaryCap,
  productHeld: async (db, gate, ctx) => {
    const held = await holds(db, ctx.customerId, [gate.product]);
    if (gate.held === false) {
      if (!held) return;
      const name = (t: GateTexts) => (t.products as Record<string, string>)[gate.product] ?? gate.product;
      throw refusal(409, 'CLICKS', 'PRODUCT_ALREADY_HELD', 'productAlreadyHeld', {
        en: { product: name(en.gates) },
        id: { product: name(id.gates) },
      });
    }
    if (held) return;
    const code = NO_PRODUCT[gate.product] ?? { source: 'CLICKS', code: '5072' };
    const name = (t: GateTexts) => (t.products as Record<string, string>)[gate.product] ?? gate.product;
    throw refusal(422, code.source, code.code, 'productHeld', {
      en: { product: name(en.gates) },
      id: { product: name(id.gates) },
    });
  },
};

/** Every gate of the flow, in order; the first that refuses throws its apierror. */
export async function checkGates(
  db: Queryable,
  ctx: { customerId: number; flow: FlowFile; form?: Record<string, unknown>; reads?: Reads },
  now = new Date(),
): Promise<void> {
  const reads = ctx.reads ?? directReads(db);
  for (const gate of ctx.flow.gates ?? []) {
    const checker = gateCheckers[gate.kind] as GateChecker;
    await checker(db, gate, { ...ctx, now, reads });
  }
}
