import type { Queryable } from '../db/db';
import { directReads, type Reads } from '../db/keyed-reads';
import type { DomainPlugin, GateChecker, GateCheckers } from './contracts';
import { ApiError } from '../http/api-error';
import type { FlowFile } from '../../shared/flows/types';
import en from '../../../locales/en/engine2.json';
import id from '../../../locales/id/engine2.json';

type GateTexts = typeof en.gates;
type TextKey = Exclude<keyof GateTexts, 'blocked' | 'products'>;

const fill = (s: string, vars: Record<string, string | number>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));

/** The gate's refusal: the spec's apierror, its texts in both languages from locales/<lang>/engine2.json. */
export function gateRefusal(
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
 * The core's gates (a domain adds its own, as the invest and settings domains do). A flow names gates
 * as data (`"gates": [{ "kind": "riskProfile" }]`); no checker knows any particular flow.
 */
export const coreGates = {
  casa: async (db, _gate, ctx) => {
    if (!(await holds(db, ctx.customerId, ['savings', 'current'])))
      throw gateRefusal(422, 'SIBS', 'MBM2001', 'casa');
  },
  age: async (db, gate, ctx) => {
    const { rows } = await db.query<{ date_of_birth: Date | string | null }>(
      'SELECT date_of_birth FROM customers WHERE id = $1',
      [ctx.customerId],
    );
    const dob = rows[0]?.date_of_birth;
    if (!dob) throw gateRefusal(422, 'CLICKS', 'AGE_UNKNOWN', 'ageUnknown');
    const age = ageOn(new Date(dob), ctx.now);
    if (gate.min !== undefined && age < gate.min)
      throw gateRefusal(422, 'CLICKS', 'AGE_NOT_ELIGIBLE', 'ageBelow', {
        en: { min: gate.min },
        id: { min: gate.min },
      });
    if (gate.max !== undefined && age > gate.max)
      throw gateRefusal(422, 'CLICKS', 'AGE_NOT_ELIGIBLE', 'ageAbove', {
        en: { max: gate.max },
        id: { max: gate.max },
      });
  },
  productHeld: async (db, gate, ctx) => {
    const held = await holds(db, ctx.customerId, [gate.product]);
    if (gate.held === false) {
      if (!held) return;
      const name = (t: GateTexts) => (t.products as Record<string, string>)[gate.product] ?? gate.product;
      throw gateRefusal(409, 'CLICKS', 'PRODUCT_ALREADY_HELD', 'productAlreadyHeld', {
        en: { product: name(en.gates) },
        id: { product: name(id.gates) },
      });
    }
    if (held) return;
    const code = NO_PRODUCT[gate.product] ?? { source: 'CLICKS', code: '5072' };
    const name = (t: GateTexts) => (t.products as Record<string, string>)[gate.product] ?? gate.product;
    throw gateRefusal(422, code.source, code.code, 'productHeld', {
      en: { product: name(en.gates) },
      id: { product: name(id.gates) },
    });
  },
} satisfies DomainPlugin['gates'];

/** Every gate of the flow, in order; the first that refuses throws its apierror. */
export async function checkGates(
  db: Queryable,
  gates: GateCheckers,
  ctx: { customerId: number; flow: FlowFile; form?: Record<string, unknown>; reads?: Reads },
  now = new Date(),
): Promise<void> {
  const reads = ctx.reads ?? directReads(db);
  for (const gate of ctx.flow.gates ?? []) {
    const checker = gates[gate.kind] as GateChecker;
    await checker(db, gate, { ...ctx, now, reads });
  }
}
