import type { Queryable } from '../db/db';
import type { KeyedRead, Reads } from '../db/keyed-reads';
import { ApiError } from '../http/api-error';
import type { FlowFile } from '../../shared/flows/types';
import fdsRules from '../../../rules/fds.json';
import en from '../../../locales/en/engine2.json';
import id from '../../../locales/id/engine2.json';

/** Inquiries the FDS rule flagged carry this in their id, so verify and confirm know without a read. */
export const FDS_MARK = 'fds-';

export const isFlagged = (inquiryId: string) =>
  inquiryId.startsWith(FDS_MARK) || inquiryId.includes(`-${FDS_MARK}`);

/** What the risk rule reads of a quote: its value in rupiah and whom it pays (absent: nobody else). */
export interface RiskSubject {
  limitAmount: number;
  beneficiary?: string;
}

/** rules/fds.json's amount rule alone: a transaction of at least riskAmount is always challenged. */
export const aboveRiskAmount = (limitAmount: number) => limitAmount >= fdsRules.riskAmount;

/**
 * Whether the customer has paid these beneficiaries before (a booked inquiry that did not fail), one
 * statement for all of them.
 */
export const paidBefore: KeyedRead<{ customerId: number; beneficiary: string }, boolean> = {
  name: 'paidBefore',
  id: (k) => `${k.customerId}:${k.beneficiary}`,
  async load(db, keys) {
    const paid = new Set<string>();
    for (const customerId of new Set(keys.map((k) => k.customerId))) {
      const { rows } = await db.query<{ beneficiary: string }>(
        `SELECT DISTINCT i.beneficiary FROM transaction_inquiries i JOIN journal j ON j.inquiry_id = i.id
          WHERE i.customer_id = $1 AND i.beneficiary = ANY($2::text[]) AND j.status <> 'failed'`,
        [customerId, keys.filter((k) => k.customerId === customerId).map((k) => k.beneficiary)],
      );
      for (const r of rows) paid.add(`${customerId}:${r.beneficiary}`);
    }
    return keys.map((k) => paid.has(`${k.customerId}:${k.beneficiary}`));
  },
};

/**
 * Whether the flow's FDS rule asks for a challenge: "always"; or "risk", from rules/fds.json: a value
 * of at least riskAmount, or of at least newBeneficiaryAmount to a beneficiary never paid before.
 */
export async function fdsRequired(
  reads: Reads,
  flow: FlowFile,
  q: RiskSubject,
  customerId: number,
): Promise<boolean> {
  if (flow.fds === 'always') return true;
  if (flow.fds !== 'risk') return false;
  if (aboveRiskAmount(q.limitAmount)) return true;
  return (
    !!q.beneficiary &&
    q.limitAmount >= fdsRules.newBeneficiaryAmount &&
    !(await reads.get(paidBefore, { customerId, beneficiary: q.beneficiary }))
  );
}

export const challengeRequired = () =>
  new ApiError(409, 'CLICKS', 'FDS_CHALLENGE_REQUIRED', {
    titleEng: en.fds.required.title,
    titleIdn: id.fds.required.title,
    messageEng: en.fds.required.message,
    messageIdn: id.fds.required.message,
  });

/** Refuses a flagged inquiry whose challenge was not passed (nothing else is read for the others). */
export async function requirePassed(db: Queryable, inquiryId: string): Promise<void> {
  if (!isFlagged(inquiryId)) return;
  const { rows } = await db.query('SELECT 1 FROM transaction_fds_challenges WHERE inquiry_id = $1', [
    inquiryId,
  ]);
  if (!rows.length) throw challengeRequired();
}

/** The customer's answer to the challenge: they confirm the recipient and that they make it themselves. */
export async function passChallenge(db: Queryable, inquiryId: string): Promise<{ passed: true }> {
  if (!isFlagged(inquiryId))
    throw new ApiError(409, 'CLICKS', 'FDS_NOT_REQUIRED', {
      titleEng: en.fds.notRequired.title,
      titleIdn: id.fds.notRequired.title,
      messageEng: en.fds.notRequired.message,
      messageIdn: id.fds.notRequired.message,
    });
  await db.query(
    'INSERT INTO transaction_fds_challenges (inquiry_id) VALUES ($1) ON CONFLICT (inquiry_id) DO NOTHING',
    [inquiryId],
  );
  return { passed: true };
}
