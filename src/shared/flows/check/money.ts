// Money: a flow's rules (limits, cut-offs, fees, amounts), its amount and posting, or its "service" instead.
import { CUT_OFFS, LIMIT_CATEGORIES } from '../rules';
import type { FlowWithForms } from './context';
import { checkName } from './names';
import { checkSourced, checkValue } from './values';

function checkCategory(ctx: FlowWithForms, c: unknown, path: string) {
  if (typeof c === 'string' && !(c in LIMIT_CATEGORIES))
    ctx.report(
      path,
      `"${c}" is not a limit category (declared in rules/limit-categories.json: ${Object.keys(LIMIT_CATEGORIES).join(', ')}).`,
    );
}

/** Its rules, its amount and its posting. */
export function checkRulesAndPosting(ctx: FlowWithForms): void {
  const { flow, report } = ctx;
  checkCategory(ctx, flow.posting?.limitCategory, '$.posting.limitCategory');
  (Array.isArray(flow.rules) ? flow.rules : []).forEach((r, i) => {
    const p = `$.rules[${i}]`;
    checkCategory(ctx, r.limitCategory, `${p}.limitCategory`);
    if (typeof r.cutOff === 'string' && !(r.cutOff in CUT_OFFS))
      report(
        `${p}.cutOff`,
        `"${r.cutOff}" is not a cut-off (declared in rules/cut-offs.json: ${Object.keys(CUT_OFFS).join(', ')}).`,
      );
    for (const k of Object.keys(r.when ?? {})) {
      checkValue(ctx, k, `${p}.when["${k}"]`);
      checkSourced(ctx, k, `${p}.when["${k}"]`, false);
    }
    r.fees?.forEach((f, j) => {
      if ('from' in f) {
        checkValue(ctx, f.from, `${p}.fees[${j}].from`);
        checkSourced(ctx, f.from, `${p}.fees[${j}].from`, false);
      }
    });
    if (r.min !== undefined && r.max !== undefined && r.min > r.max)
      report(p, `"min" (${r.min}) is above "max" (${r.max}).`);
    if (flow.service) report(p, 'A flow that moves no money has no rules of amounts, fees or limits.');
  });
  if (flow.amount) checkValue(ctx, flow.amount.from, '$.amount.from');
  if (flow.amount?.from?.startsWith('inquiry.') && !flow.inquiry)
    report(
      '$.amount.from',
      `The amount comes from the inquiry ("${flow.amount.from}") but the flow has no "inquiry" look-up.`,
    );
  if (flow.posting) {
    checkName(ctx, flow.posting.execute, 'executors', 'server', '$.posting.execute');
    if (flow.posting.service)
      checkName(ctx, flow.posting.service.execute, 'serviceExecutors', 'server', '$.posting.service.execute');
    checkValue(ctx, flow.posting.debit, '$.posting.debit');
    const credit = flow.posting.credit as Record<string, unknown> | undefined;
    if (credit)
      for (const k of ['accountId', 'accountNo']) checkValue(ctx, credit[k], `$.posting.credit.${k}`);
    const kinds = new Set<string>();
    flow.posting.fees?.forEach((f, i) => {
      if (kinds.has(f.kind)) report(`$.posting.fees[${i}].kind`, `The fee "${f.kind}" is listed twice.`);
      kinds.add(f.kind);
    });
  }
}

/** A flow moves money ("amount" and "posting") or none ("service"). */
export function checkMovesMoneyOrNot(ctx: FlowWithForms): void {
  const { flow, report } = ctx;
  if (flow.service) {
    checkName(ctx, flow.service.execute, 'serviceExecutors', 'server', '$.service.execute');
    if (flow.amount || flow.posting)
      report(
        '$.service',
        'A flow moves money ("amount" and "posting") or none ("service"), not both: remove one of them.',
      );
  } else if (!flow.amount || !flow.posting)
    report(
      '$',
      `A flow that moves money needs both "amount" and "posting"${flow.amount ? '' : ' ("amount" is missing)'}${flow.posting ? '' : ' ("posting" is missing)'}; one that moves none has "service" instead.`,
    );
}
