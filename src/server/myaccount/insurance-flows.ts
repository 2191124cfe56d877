import type { Queryable } from '../db/db';
import type { ServiceExecutor, ServiceRequestContext } from '../transactions/contracts';
import type { ChoiceSource } from '../transactions/contracts';
import { ApiError } from '../http/api-error';

/**
 * Insurance requests (disbursement tax, payout, maturity, withdrawal) as verified flows: the policy must be
 * the customer's and in a state that allows the request; the insurer's back office processes it.
 */

interface PolicyRow {
  policy_no: string;
  provider: string;
  product: string;
  status: string;
}

const statusesOf = (v: unknown): string[] =>
  Array.isArray(v) && v.every((s) => typeof s === 'string') ? v : ['active'];

/** insurance.policies: the customer's policies; spec.params.statuses (default active). */
export const insurancePolicies: ChoiceSource = async ({ db, customerId, spec }) => {
  const { rows } = await db.query<PolicyRow>(
    `SELECT policy_no, provider, product, status FROM insurance_policies
      WHERE customer_id = $1 AND status = ANY($2::text[]) ORDER BY policy_no`,
    [customerId, statusesOf(spec.params?.statuses)],
  );
  return rows.map((r) => ({
    value: r.policy_no,
    labelEng: `${r.product} · ${r.policy_no}`,
    labelIdn: `${r.product} · ${r.policy_no}`,
    detail: { provider: r.provider, status: r.status },
  }));
};

const refusal = (code: string, eng: [string, string], idn: [string, string], status = 422) =>
  new ApiError(
    status,
    'CLICKS',
    code,
    { titleEng: eng[0], titleIdn: idn[0], messageEng: eng[1], messageIdn: idn[1] },
    { '/form/policy': { eng: eng[1], idn: idn[1] } },
  );

async function policyFor(db: Queryable, ctx: ServiceRequestContext) {
  const { rows } = await db.query<PolicyRow>(
    'SELECT policy_no, provider, product, status FROM insurance_policies WHERE policy_no = $1 AND customer_id = $2',
    [String(ctx.form.policy ?? ''), ctx.customerId],
  );
  const p = rows[0];
  if (!p || !statusesOf(ctx.params.statuses).includes(p.status))
    throw refusal(
      'POLICY_NOT_ELIGIBLE',
      [
        'Policy not available',
        'This request cannot be made for the policy chosen. Please choose another policy.',
      ],
      [
        'Polis tidak tersedia',
        'Permintaan ini tidak dapat diajukan untuk polis yang dipilih. Silakan pilih polis lain.',
      ],
    );
  const kind = typeof ctx.params.kind === 'string' ? ctx.params.kind : ctx.flow.id;
  const { rows: open } = await db.query(
    `SELECT 1 FROM service_requests WHERE customer_id = $1 AND kind = $2 AND status = 'received' AND form->>'policy' = $3`,
    [ctx.customerId, kind, p.policy_no],
  );
  if (open.length > 0)
    throw refusal(
      'REQUEST_IN_PROGRESS',
      ['Request already in progress', 'You already have the same request in progress for this policy.'],
      ['Permintaan sedang diproses', 'Anda sudah memiliki permintaan yang sama untuk polis ini.'],
      409,
    );
  return { kind, details: { policyNo: p.policy_no, product: p.product, insurer: p.provider } };
}

/** insurance.request: records the request for the insurer. params: `kind`, `statuses` (policy states allowed). */
const insuranceRequest: ServiceExecutor = {
  async check(db, ctx) {
    return (await policyFor(db, ctx)).details;
  },
  async apply(tx, ctx) {
    const p = await policyFor(tx, ctx);
    await tx.query(
      `INSERT INTO service_requests (journal_id, customer_id, flow_id, kind, form) VALUES ($1, $2, $3, $4, $5::jsonb)`,
      [ctx.journalId, ctx.customerId, ctx.flow.id, p.kind, JSON.stringify(ctx.form)],
    );
    return { ...p.details, requestStatus: { eng: 'Received by the insurer', idn: 'Diterima oleh asuransi' } };
  },
};

export const insuranceServiceExecutors = { 'insurance.request': insuranceRequest } satisfies Record<
  string,
  ServiceExecutor
>;
