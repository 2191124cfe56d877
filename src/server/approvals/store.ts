import { randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db';
import { APPROVAL } from '../../shared/constants';
import { approvalErrors } from './errors';

export type ApprovalStatus = 'waiting' | 'approved' | 'rejected' | 'expired';

export interface ApprovalTicket {
  approvalId: string;
  expiresAt: string;
  resendsLeft: number;
  /** The number the web shows; the customer taps the same one among the app's three. */
  matchNumber: number;
}

/** The exact details the companion app shows (built by the flow engine, in both languages). */
export interface ApprovalSummary {
  flowId: string;
  title: { eng: string; idn: string };
  /** Absent for a flow that moves no money. */
  amount?: { amount: number; currency: string };
  fees: { kind: string; amount: { amount: number; currency: string } }[];
  total?: { amount: number; currency: string };
  exchangeRate?: string;
  equivalent?: { amount: number; currency: string };
  rows: { labelEng: string; labelIdn: string; valueEng: string; valueIdn: string }[];
}

export interface PendingApproval extends Omit<ApprovalTicket, 'matchNumber'> {
  summary: ApprovalSummary;
  createdAt: string;
  /** Three numbers, the right one among them (the app never learns which). */
  matchChoices: number[];
}

interface Row {
  id: string;
  inquiry_id: string;
  customer_id: number;
  summary: ApprovalSummary;
  status: string;
  resends: number;
  expires_at: Date | string;
  created_at: Date | string;
  live: boolean;
  match_number: number;
  match_choices: number[] | string;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const ticket = (r: Row): ApprovalTicket => ({
  approvalId: r.id,
  expiresAt: iso(r.expires_at),
  resendsLeft: APPROVAL.maxResends - r.resends,
  matchNumber: Number(r.match_number),
});

/** A fresh number to match (10-99) and three choices holding it, in random order. */
function newMatch(): { number: number; choices: number[] } {
  const picked = new Set<number>();
  while (picked.size < 3) picked.add(randomInt(10, 100));
  const choices = [...picked];
  return { number: choices[randomInt(0, 3)]!, choices };
}

/** Approval push bombing: at most APPROVAL.maxPushes pushes (requests and resends) per window. */
async function pushAllowedOrThrow(db: Queryable, customerId: number): Promise<void> {
  // One push at a time per customer, so requests sent at once cannot all pass the count (PostgreSQL);
  // the caller's transaction holds the lock until its request is written.
  await db.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
  const { rows } = await db.query<{ pushes: number }>(
    `SELECT coalesce(sum(1 + resends), 0)::int AS pushes FROM approval_requests
      WHERE customer_id = $1 AND created_at > now() - make_interval(secs => $2)`,
    [customerId, APPROVAL.pushWindowMs / 1000],
  );
  if ((rows[0]?.pushes ?? 0) >= APPROVAL.maxPushes) throw approvalErrors.tooManyPushes();
}

const publicStatus = (r: Pick<Row, 'status' | 'live'>): ApprovalStatus =>
  r.status === 'approved'
    ? 'approved'
    : r.status === 'rejected'
      ? 'rejected'
      : r.status === 'waiting' && r.live
        ? 'waiting'
        : 'expired';

const SELECT = `SELECT *, (expires_at > now()) AS live FROM approval_requests`;

/**
 * Opens an approval request for an inquiry. A new transaction supersedes the customer's other
 * waiting requests (spec section 4: a request stays valid until a new transaction or session expiry).
 */
export async function openApproval(
  db: Queryable,
  input: { inquiryId: string; customerId: number; summary: ApprovalSummary; sessionId: number },
): Promise<ApprovalTicket> {
  // The customer's push lock first (pushAllowedOrThrow takes it again), before any request row.
  await db.query('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [input.customerId]);
  await db.query(
    `UPDATE approval_requests SET status = 'cancelled' WHERE customer_id = $1 AND status = 'waiting' AND inquiry_id <> $2`,
    [input.customerId, input.inquiryId],
  );
  const existing = await latestFor(db, input.inquiryId, input.customerId);
  // Already waiting, or already approved (a second click): the same request, not a new one.
  if (existing && ((existing.status === 'waiting' && existing.live) || existing.status === 'approved'))
    return ticket(existing);
  if (existing?.status === 'rejected') throw approvalErrors.rejected();
  await pushAllowedOrThrow(db, input.customerId);
  const match = newMatch();
  const { rows } = await db.query<Row>(
    `INSERT INTO approval_requests (id, inquiry_id, customer_id, summary, expires_at, requested_session_id,
                                    match_number, match_choices)
     VALUES ($1, $2, $3, $4::jsonb, now() + make_interval(secs => $5), $6, $7, $8::jsonb) RETURNING *, true AS live`,
    [
      randomUUID(),
      input.inquiryId,
      input.customerId,
      JSON.stringify(input.summary),
      APPROVAL.expiresMs / 1000,
      input.sessionId,
      match.number,
      JSON.stringify(match.choices),
    ],
  );
  return ticket(rows[0]!);
}

/**
 * Internet banking switched this inquiry to OTP: its waiting request leaves the app, and can no longer be
 * approved (approving it would execute nothing). Answers whether one was withdrawn (the app's list changed).
 */
export async function withdrawApprovals(
  db: Queryable,
  inquiryId: string,
  customerId: number,
): Promise<boolean> {
  const r = await db.query(
    `UPDATE approval_requests SET status = 'withdrawn' WHERE inquiry_id = $1 AND customer_id = $2 AND status = 'waiting'`,
    [inquiryId, customerId],
  );
  return (r.rowCount ?? 0) > 0;
}

async function latestFor(db: Queryable, inquiryId: string, customerId: number): Promise<Row | undefined> {
  const { rows } = await db.query<Row>(
    `${SELECT} WHERE inquiry_id = $1 AND customer_id = $2 ORDER BY created_at DESC LIMIT 1`,
    [inquiryId, customerId],
  );
  return rows[0];
}

/**
 * Pushes the request again with a fresh 5 minutes; at most APPROVAL.maxResends times. Call it in a
 * transaction (the push count's lock lasts until it commits).
 */
export async function resendApproval(
  db: Queryable,
  inquiryId: string,
  customerId: number,
): Promise<ApprovalTicket> {
  const r = await latestFor(db, inquiryId, customerId);
  if (!r) throw approvalErrors.notFound();
  if (r.status === 'rejected') throw approvalErrors.rejected();
  if (r.status === 'approved') throw approvalErrors.expired();
  if (r.resends >= APPROVAL.maxResends) throw approvalErrors.resendLimit();
  await pushAllowedOrThrow(db, customerId);
  const match = newMatch();
  const { rows } = await db.query<Row>(
    `UPDATE approval_requests SET resends = resends + 1, status = 'waiting',
            expires_at = now() + make_interval(secs => $2), match_number = $4, match_choices = $5::jsonb
      WHERE id = $1 AND resends < $3 AND status IN ('waiting', 'cancelled') RETURNING *, true AS live`,
    [r.id, APPROVAL.expiresMs / 1000, APPROVAL.maxResends, match.number, JSON.stringify(match.choices)],
  );
  if (!rows[0]) throw approvalErrors.resendLimit();
  return ticket(rows[0]);
}

export async function approvalStatus(
  db: Queryable,
  inquiryId: string,
  customerId: number,
): Promise<ApprovalStatus | null> {
  const r = await latestFor(db, inquiryId, customerId);
  return r ? publicStatus(r) : null;
}

/** The customer's requests still waiting, newest first (the companion app's list). */
export async function pendingApprovals(db: Queryable, customerId: number): Promise<PendingApproval[]> {
  const { rows } = await db.query<Row>(
    `${SELECT} WHERE customer_id = $1 AND status = 'waiting' AND expires_at > now() ORDER BY created_at DESC`,
    [customerId],
  );
  return rows.map((r) => {
    const { matchNumber: _secret, ...shown } = ticket(r);
    const choices = typeof r.match_choices === 'string' ? JSON.parse(r.match_choices) : r.match_choices;
    return { ...shown, summary: r.summary, createdAt: iso(r.created_at), matchChoices: choices ?? [] };
  });
}

/**
 * Approve or reject from the app. Only a live, waiting request of this customer can be decided, once,
 * and only by a live companion-app session of the same customer on a device enrolled for approvals,
 * never by the session that asked for it (checked here too, whatever the route let through).
 */
export async function decideApproval(
  db: Queryable,
  input: {
    approvalId: string;
    customerId: number;
    sessionId: number;
    decision: 'approve' | 'reject';
    /** The number tapped; approving needs the one the web shows. A wrong one rejects the request. */
    matchNumber?: number;
  },
): Promise<{ inquiryId: string; status: ApprovalStatus }> {
  const { rows: deciders } = await db.query(
    `SELECT 1 FROM sessions s JOIN approval_devices d ON d.customer_id = s.customer_id AND d.device_id = s.browser_id
      WHERE s.id = $1 AND s.customer_id = $2 AND s.channel = 'mobile' AND s.ended_at IS NULL
        AND d.review_asked_at IS NULL`,
    [input.sessionId, input.customerId],
  );
  if (!deciders.length) throw approvalErrors.deviceNotEnrolled();
  const { rows } = await db.query<Row>(
    `UPDATE approval_requests
        SET status = CASE WHEN $3 = 'approved' AND match_number IS DISTINCT FROM $5::int THEN 'rejected' ELSE $3 END,
            decided_at = now(), decided_session_id = $4
      WHERE id = $1 AND customer_id = $2 AND status = 'waiting' AND expires_at > now()
        AND requested_session_id IS DISTINCT FROM $4
      RETURNING *, true AS live`,
    [
      input.approvalId,
      input.customerId,
      input.decision === 'approve' ? 'approved' : 'rejected',
      input.sessionId,
      input.matchNumber ?? null,
    ],
  );
  const r = rows[0];
  if (!r) {
    const { rows: any } = await db.query<Row>(`${SELECT} WHERE id = $1 AND customer_id = $2`, [
      input.approvalId,
      input.customerId,
    ]);
    if (!any[0]) throw approvalErrors.notFound();
    throw any[0].status === 'withdrawn' ? approvalErrors.withdrawn() : approvalErrors.expired();
  }
  return { inquiryId: r.inquiry_id, status: publicStatus(r) };
}
