// Choices and where they come from: a source, the fields they read and fill, reference lists and providers.
import type { FlowWithForms } from './context';
import { checkName } from './names';
import { listOf } from './values';

export function checkChoices(ctx: FlowWithForms): void {
  const { fields, choices, report } = ctx;
  for (const [field, spec] of Object.entries(choices)) {
    const p = `$.choices.${field}`;
    if (fields && !fields.has(field)) report(p, `The choice "${field}" is not a field of the form schema.`);
    if (!spec || typeof spec !== 'object') continue;
    checkName(ctx, spec.source, 'choiceSources', 'server', `${p}.source`);
    for (const k of ['dependsOn', 'excludeField', 'inferFrom'] as const) {
      const f = spec[k];
      if (typeof f === 'string' && fields && !fields.has(f))
        report(`${p}.${k}`, `"${f}" is not a field of the form schema.`);
    }
    if (spec.dependsOn && !spec.filterKey)
      report(
        p,
        `"dependsOn" needs a "filterKey": which detail of each option to compare with "${spec.dependsOn}".`,
      );
    if (spec.inferFrom && !spec.prefixKey)
      report(
        p,
        `"inferFrom" needs a "prefixKey": which detail of each option lists the prefixes of "${spec.inferFrom}" it stands for.`,
      );
    if (spec.inferFrom === field) report(`${p}.inferFrom`, `A choice cannot be inferred from itself.`);
    (Array.isArray(spec.fills) ? spec.fills : []).forEach((f, i) => {
      if (fields && !fields.has(f)) report(`${p}.fills[${i}]`, `"${f}" is not a field of the form schema.`);
      if (f === field) report(`${p}.fills[${i}]`, 'A choice cannot fill itself.');
    });
  }
}

/** Reference lists and providers (lists/, providers/): the files a flow's choices and provider name. */
export function checkListsAndProvider(ctx: FlowWithForms): void {
  const { flow, choices, category, report } = ctx;
  const ref = ctx.reference;
  for (const [field, spec] of Object.entries(choices)) {
    if (!spec || (spec.source !== 'list' && spec.source !== 'providers')) continue;
    const p = `$.choices.${field}`;
    const known = spec.source === 'list' ? Object.keys(ref.lists) : Object.keys(ref.providers);
    const folder = spec.source === 'list' ? 'lists' : 'providers';
    if (typeof spec.list !== 'string')
      report(
        p,
        `A "${spec.source}" choice needs "list": the name of a file in ${folder}/ (known: ${known.join(', ')}).`,
      );
    else if (!known.includes(spec.list))
      report(`${p}.list`, `"${spec.list}" is not a file in ${folder}/ (known: ${known.join(', ')}).`);
    else if (spec.where) {
      const entries = listOf(ctx, field) ?? [];
      for (const k of Object.keys(spec.where))
        if (!entries.some((e) => k in e))
          report(`${p}.where.${k}`, `No entry of "${spec.list}" has a detail "${k}".`);
    }
  }
  const provider = flow.provider;
  if (provider) {
    if (!category)
      report(
        '$.provider.category',
        `"${provider.category}" is not a provider category (a file in providers/; known: ${Object.keys(ref.providers).join(', ')}).`,
      );
    if (!!provider.code === !!provider.from)
      report(
        '$.provider',
        'A provider is either fixed ("code") or chosen by the customer ("from"): give one of the two.',
      );
    if (category && provider.code && !category.providers.some((p) => p.code === provider.code))
      report(
        '$.provider.code',
        `"${provider.code}" is not a provider of providers/${provider.category}.json (known: ${category.providers.map((p) => p.code).join(', ')}).`,
      );
    if (provider.from) {
      const f = provider.from.replace(/^form\./, '');
      const spec = choices[f];
      if (
        !provider.from.startsWith('form.') ||
        !spec ||
        spec.source !== 'providers' ||
        spec.list !== provider.category
      )
        report(
          '$.provider.from',
          `"${provider.from}" must be a form field whose choice is { "source": "providers", "list": "${provider.category}" }, so the customer picks from the server's own list.`,
        );
    }
  }
  const credit0 = flow.posting?.credit as Record<string, unknown> | undefined;
  if (credit0 && 'provider' in credit0 && !provider)
    report(
      '$.posting.credit.provider',
      'The credit goes to the provider\'s settlement account, but the flow names no "provider".',
    );
}
