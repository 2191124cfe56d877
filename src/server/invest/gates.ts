import type { DomainPlugin } from '../transactions/contracts';
import { gateRefusal } from '../transactions/gates';
import { readValue } from '../../shared/flows/values';
import { investmentEligibility, investorAccountOf, riskProfileOf } from './risk-profile';

/** The gates of investment flows: a risk profile (and a product within it), an investor id, a holding. */
export const investGates = {
  riskProfile: async (db, gate, ctx) => {
    const profile = await riskProfileOf(db, ctx.customerId, ctx.now);
    if (!profile) throw gateRefusal(409, 'WMS', 'RISK_PROFILE_REQUIRED', 'riskProfileMissing');
    if (profile.expired) throw gateRefusal(409, 'WMS', 'RISK_PROFILE_EXPIRED', 'riskProfileExpired');
    // The product's own check needs the form: at inquiry only.
    if (!gate.product || !ctx.form) return;
    const code = readValue({ form: ctx.form }, gate.product);
    if (typeof code !== 'string') return;
    const e = await investmentEligibility(db, ctx.customerId, code, ctx.now);
    if (e?.reason === 'above_profile') throw gateRefusal(409, 'WMS', 'RISK_ABOVE_PROFILE', 'aboveProfile');
  },
  investorId: async (db, gate, ctx) => {
    if (await investorAccountOf(db, ctx.customerId)) return;
    throw gate.for === 'fund'
      ? gateRefusal(422, 'WMS', '0904', 'investorIdFund')
      : gateRefusal(422, 'KSEI', '04', 'investorId');
  },
  holding: async (db, gate, ctx) => {
    const { rows } = await db.query(
      `SELECT 1 FROM investment_holdings h JOIN investment_products p ON p.code = h.product_code
        WHERE h.customer_id = $1 AND p.kind = $2 AND (h.units > 0 OR h.face_value > 0) LIMIT 1`,
      [ctx.customerId, gate.of],
    );
    if (rows.length) return;
    throw gate.of === 'bond'
      ? gateRefusal(422, 'CLICKS', '1513', 'holdingBond')
      : gateRefusal(422, 'CLICKS', '0092', 'holdingFund');
  },
} satisfies DomainPlugin['gates'];
