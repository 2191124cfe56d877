import type { ServiceExecutor } from '../transactions/contracts';

/**
 * An insurance purchase's policy (flows/applyandinvest/sunlife.json, sompo.json): written with the
 * booking that pays its premium to the insurer's settlement account, in the same database transaction,
 * so the policy shows in My account at once (insurance_policies and its terms, beneficiary and the
 * premium paid; migrations 003 and 071). Everything comes from the quote (provider.premium's answer,
 * the checked form), never from the page.
 */

const RELATIONS = ['spouse', 'child', 'parent', 'sibling', 'other'];
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export const issuePolicy: ServiceExecutor = {
  async apply(tx, ctx) {
    const d = ctx.details;
    const premium = Number(d.premium);
    const cover = Number(d.cover);
    const years = Number(d.termYears);
    if (!Number.isSafeInteger(premium) || premium <= 0 || !Number.isSafeInteger(cover) || !(years > 0))
      throw new Error(`flow ${ctx.flow.id}: insurance.issuePolicy needs provider.premium's answer`);
    // One policy per booking: its number carries the journal's, unique by construction.
    const policyNo = `${String(d.policyPrefix ?? 'POL').slice(0, 6)}${String(ctx.journalId).padStart(10, '0')}`;
    const start = new Date();
    const end = new Date(start);
    end.setUTCFullYear(end.getUTCFullYear() + years);
    const name = (d.productName ?? {}) as { en?: string };
    const yearly = d.frequency === 'yearly';
    await tx.query(
      `INSERT INTO insurance_policies (policy_no, customer_id, provider, product, currency, sum_assured, premium,
                                       premium_frequency, status, start_date, end_date)
       VALUES ($1, $2, $3, $4, 'IDR', $5, $6, $7, 'active', $8, $9)`,
      [
        policyNo,
        ctx.customerId,
        String(d.policyProvider ?? ''),
        name.en ?? String(d.productCode ?? ''),
        cover,
        premium,
        yearly ? 'yearly' : 'single',
        isoDate(start),
        isoDate(end),
      ],
    );
    const { rows } = await tx.query<{ account_no: string }>('SELECT account_no FROM accounts WHERE id = $1', [
      Number(ctx.form.sourceOfFund),
    ]);
    const next = new Date(start);
    next.setUTCFullYear(next.getUTCFullYear() + 1);
    await tx.query(
      `INSERT INTO insurance_policy_terms (policy_no, plan_type, insured_name, payment_method, next_premium_date)
       VALUES ($1, 'protection', $2, $3, $4)`,
      [
        policyNo,
        String(ctx.form.insuredName ?? '').toUpperCase(),
        `autodebit:${rows[0]?.account_no ?? ''}`,
        yearly && years > 1 ? isoDate(next) : null,
      ],
    );
    const beneficiary = typeof ctx.form.beneficiaryName === 'string' ? ctx.form.beneficiaryName.trim() : '';
    if (beneficiary)
      await tx.query(
        `INSERT INTO insurance_beneficiaries (policy_no, name, relation, share_percent) VALUES ($1, $2, $3, 100)`,
        [
          policyNo,
          beneficiary.toUpperCase(),
          RELATIONS.includes(String(ctx.form.beneficiaryRelation))
            ? String(ctx.form.beneficiaryRelation)
            : 'other',
        ],
      );
    await tx.query(
      `INSERT INTO insurance_premiums (policy_no, period, amount, currency, status, paid_at)
       VALUES ($1, $2, $3, 'IDR', 'paid', now())`,
      [policyNo, isoDate(start).slice(0, 7), premium],
    );
    return { policyNo, policyStart: isoDate(start), policyEnd: isoDate(end) };
  },
};
