import { randomUUID } from 'node:crypto';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Queryable } from '../db/db';
import type { SmsGateway } from '../sms/gateway';
import { ApiError, invalidRequest } from '../http/api-error';
import type { ChoiceOption } from '../../shared/flows/api';
import type { FlowFile, InquiryStep } from '../../shared/flows/types';
import { entryAsChoice, matchesWhere, type ListEntry } from '../../shared/flows/reference';
import { readValue } from '../../shared/flows/values';
import { loadFlowsFromDisk, projectFolders } from '../../shared/flows/load-node';
import { invalidChoice, resolveProvider } from '../reference/store';
import type { Caller } from './context';
import type { FlowContext, Lookup } from './contracts';

/** A step's answers are kept this long (the whole purchase, like an inquiry). */
const STEP_TTL_S = 15 * 60;

/** A value of `where`/`in`: a value path of the form ("form.category") or a constant. */
const valueOf = (form: Record<string, unknown>, v: unknown) =>
  typeof v === 'string' && v.startsWith('form.') ? readValue({ form }, v) : v;

/**
 * provider.options: options from the chosen provider's own catalogue in providers/<category>.json
 * (an entry's `options` list, e.g. "products"; with `in` the entry of that code's list, e.g. the
 * chosen product's "plans"), filtered by `where`. Answers `{ options: [{value, labelEng, labelIdn, detail}] }`.
 * params: `options` (the list's name), `in` (value path of the parent entry's code), `where`.
 */
export const providerOptions: Lookup = async (ctx: FlowContext, params) => {
  const resolved = resolveProvider(ctx.flow, ctx.form);
  if (!resolved) throw new Error(`flow ${ctx.flow.id} uses provider.options without a provider`);
  const listName = typeof params.options === 'string' ? params.options : 'products';
  let owner: Record<string, unknown> = resolved.provider;
  if (typeof params.in === 'string') {
    // The parent list is the provider's first list holding an entry of that code.
    const code = valueOf(ctx.form, params.in);
    const parents = Object.values(resolved.provider).filter(Array.isArray).flat() as ListEntry[];
    const parent = parents.find((e) => e && typeof e === 'object' && e.code === code);
    if (!parent) throw invalidChoice(`/form/${String(params.in).replace(/^form\./, '')}`);
    owner = parent;
  }
  const where = Object.fromEntries(
    Object.entries((params.where as Record<string, unknown> | undefined) ?? {}).map(([k, v]) => [
      k,
      valueOf(ctx.form, v),
    ]),
  );
  const entries = ((owner[listName] as ListEntry[] | undefined) ?? []).filter((e) => matchesWhere(e, where));
  return { options: entries.map(entryAsChoice) };
};

/**
 * The `source: "inquiry"` choices of the form, resolved from the earlier steps' answers the server
 * kept: a value that was not offered is refused on its field. The option becomes `choice.<field>.<detail>`.
 */
export function resolveInquiryChoices(
  flow: FlowFile,
  form: Record<string, unknown>,
  answers: Record<string, unknown>,
  fields?: Set<string>,
): Record<string, ListEntry> {
  const out: Record<string, ListEntry> = {};
  for (const [field, spec] of Object.entries(flow.choices ?? {})) {
    if (spec.source !== 'inquiry' || !spec.from || (fields && !fields.has(field))) continue;
    const value = form[field];
    if (value === undefined || value === '') continue;
    const offered = readValue({ inquiry: answers }, spec.from);
    const option = Array.isArray(offered)
      ? (offered as ChoiceOption[]).find((o) => o && o.value === value)
      : undefined;
    if (!option) throw invalidChoice(`/form/${field}`);
    out[field] = {
      code: option.value,
      name: { en: option.labelEng, id: option.labelIdn },
      ...(option.detail ?? {}),
    };
  }
  return out;
}

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false });
(addFormats as unknown as (a: Ajv) => void)(ajv);
const validators = new Map<string, ValidateFunction>();

/** A step's form schema, compiled once (read with the flows, from the project or FLOWS_ROOT). */
function stepValidator(step: InquiryStep): ValidateFunction {
  const root = process.env.FLOWS_ROOT ?? '';
  const key = `${root}|${step.form.schema}`;
  let v = validators.get(key);
  if (!v) {
    const { flows } = loadFlowsFromDisk(root ? projectFolders(root) : projectFolders());
    const schema = flows.map((f) => f.schemas[step.form.schema]).find(Boolean);
    if (!schema) throw new Error(`form schema ${step.form.schema} not found`);
    const { $id: _id, ...rest } = schema as Record<string, unknown> & { $id?: string };
    v = ajv.compile(rest);
    validators.set(key, v);
  }
  return v;
}

const fieldsOfSchema = (schema: unknown): Set<string> =>
  new Set(Object.keys(((schema as { properties?: object }).properties ?? {}) as object));

/** A step's form against its own schema: problems inline under /form, both languages. */
function validateStep(step: InquiryStep, form: unknown): Record<string, unknown> {
  const v = stepValidator(step);
  if (v(form)) return form as Record<string, unknown>;
  const fields: Record<string, { eng: string; idn: string }> = {};
  for (const e of v.errors ?? []) {
    const missing = (e.params as { missingProperty?: string }).missingProperty;
    const extra = (e.params as { additionalProperty?: string }).additionalProperty;
    const at = `/form${e.instancePath}${missing ? `/${missing}` : extra ? `/${extra}` : ''}`;
    fields[at] ??= missing
      ? { eng: 'is required', idn: 'wajib diisi' }
      : { eng: 'is not valid', idn: 'tidak valid' };
  }
  throw invalidRequest(fields);
}

const stepOutOfOrder = () =>
  new ApiError(409, 'CLICKS', 'INQUIRY_STEP_ORDER', {
    titleEng: 'Please start again',
    titleIdn: 'Silakan mulai kembali',
    messageEng: 'The earlier steps of this transaction were not completed or have expired.',
    messageIdn: 'Langkah sebelumnya dari transaksi ini belum diselesaikan atau sudah kedaluwarsa.',
  });

interface StepRow {
  id: string;
  step: number;
  form: Record<string, unknown>;
  answers: Record<string, unknown>;
}

/** The earlier steps done under this token (this customer's session and flow, not expired). */
/** Who asks: a web session (the scheduler has none, and so no earlier steps). */
type StepCaller = { customerId: number; sessionId: number | null };

async function loadSteps(db: Queryable, caller: StepCaller, flowId: string, token: unknown) {
  if (typeof token !== 'string' || !token || caller.sessionId === null) return undefined;
  const { rows } = await db.query<StepRow>(
    `SELECT id, step, form, answers FROM transaction_inquiry_steps
      WHERE id = $1 AND customer_id = $2 AND session_id = $3 AND flow_id = $4 AND expires_at > now()`,
    [token, caller.customerId, caller.sessionId, flowId],
  );
  return rows[0];
}

/**
 * One earlier step of a multi-step inquiry: the step's form checked against its schema and its
 * `source: "inquiry"` choices against the answers kept so far, its look-up run with every earlier
 * form value, and its answer kept under `inquiry.<stepId>` for the next steps and the final inquiry.
 */
export async function inquireStep(
  db: Queryable,
  caller: Caller,
  flow: FlowFile,
  input: { step: string; form: unknown; stepToken?: string },
  lookups: Record<string, Lookup>,
  sms?: SmsGateway,
): Promise<{ stepToken: string; step: string; details: Record<string, unknown> }> {
  const steps = flow.inquiry?.steps ?? [];
  const index = steps.findIndex((s) => s.id === input.step);
  const step = steps[index];
  if (!step) throw stepOutOfOrder();
  const before = index === 0 ? undefined : await loadSteps(db, caller, flow.id, input.stepToken);
  if (index > 0 && (!before || before.step < index)) throw stepOutOfOrder();
  const own = validateStep(step, input.form);
  const earlier = before ? before.form : {};
  const answers = before ? before.answers : {};
  // Answers of this step onwards are dropped: going back and choosing again starts from here.
  for (const later of steps.slice(index)) delete answers[later.id];
  const fields = fieldsOfSchema(stepValidator(step).schema);
  const chosen = resolveInquiryChoices(flow, own, answers, fields);
  const form = { ...earlier, ...own };
  const found = await lookups[step.lookup]!(
    { db, customerId: caller.customerId, flow, form, sms },
    step.params ?? {},
  );
  const details = Object.keys(chosen).length ? { ...found, choice: chosen } : found;
  // What the answer fills of the later forms is the server's: kept with the forms, over what they send.
  for (const f of step.fills ?? []) {
    delete form[f];
    if (found[f] !== undefined) form[f] = found[f];
  }
  const next = { ...answers, [step.id]: details };
  const id = before?.id ?? randomUUID();
  await db.query(
    `INSERT INTO transaction_inquiry_steps (id, customer_id, session_id, flow_id, step, form, answers, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, now() + make_interval(secs => $8))
     ON CONFLICT (id) DO UPDATE SET step = EXCLUDED.step, form = EXCLUDED.form, answers = EXCLUDED.answers,
       expires_at = EXCLUDED.expires_at`,
    [
      id,
      caller.customerId,
      caller.sessionId,
      flow.id,
      index + 1,
      JSON.stringify(form),
      JSON.stringify(next),
      STEP_TTL_S,
    ],
  );
  return { stepToken: id, step: step.id, details };
}

/**
 * For the final inquiry of a multi-step flow: every earlier step must be done under the token. Gives
 * the earlier forms (the final form's own values win) and the answers, `inquiry.<stepId>.<key>`.
 */
export async function earlierSteps(
  db: Queryable,
  caller: StepCaller,
  flow: FlowFile,
  token: unknown,
): Promise<{ form: Record<string, unknown>; answers: Record<string, unknown> } | undefined> {
  const steps = flow.inquiry?.steps ?? [];
  if (!steps.length) return undefined;
  const row = await loadSteps(db, caller, flow.id, token);
  if (!row || row.step < steps.length) throw stepOutOfOrder();
  return { form: row.form, answers: row.answers };
}
