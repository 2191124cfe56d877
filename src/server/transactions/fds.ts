import type { Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import type { FlowFile } from '../../shared/flows/types';
import fdsRules from '../../../rules/fds.json';
import en from '../../../locales/en/engine2.json';
import id from '../../../locales/id/engine2.json';

/** Inquiries the FDS rule flagged carry this in their id, so verify and confirm know without a read. */
export const FDS_MARK = 'fds-';

export const isFlagged = (inquiryId: string) =>
  inquiryId.startsWith(FDS_MARK) || inquiryId.includes(`-${FDS_MARK}`);

/** Whether the flow's FDS rule asks for a challenge: always, or (risk) from rules/fds.json's amount. */
export function fdsRequired(flow: FlowFile, limitAmount: number): boolean {
  if (flow.fds === 'always') return true;
  return flow.fds === 'risk' && limitAmount >= fdsRules.riskAmount;
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
