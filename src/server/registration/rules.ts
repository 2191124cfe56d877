import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import casaDetails from '../../../schemas/registration/microsite/casa-details.json';
import ccDetails from '../../../schemas/registration/microsite/cc-details.json';
import userInfo from '../../../schemas/registration/microsite/user-info.json';
import otpForm from '../../../schemas/registration/microsite/otp.json';
import cardActivation from '../../../schemas/registration/card/activation.json';
import changePin from '../../../schemas/registration/card/change-pin.json';
import { invalidRequest } from '../http/api-error';

type Fields = Record<string, { eng: string; idn: string }>;
interface Message {
  en: string;
  id: string;
}
type Schema = Record<string, unknown>;

/**
 * The registration rules live in schemas/registration/**: the browser interprets them for inline
 * messages, and the server validates the same files with ajv (the microsite's reading). The
 * cross-field rules are the x-notEqualTo, x-notContains and x-equalTo keywords defined here.
 */
export function createRulesAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const others = (fields: string[], parent: unknown) =>
    fields
      .map((f) => (parent as Record<string, unknown> | undefined)?.[f])
      .filter((v): v is string => typeof v === 'string' && v !== '');
  ajv.addKeyword({
    keyword: 'x-notEqualTo',
    schemaType: 'array',
    validate: (fields: string[], data: unknown, _p?: unknown, cxt?: { parentData?: unknown }) =>
      typeof data !== 'string' ||
      !others(fields, cxt?.parentData).some((o) => o.toLowerCase() === data.toLowerCase()),
  });
  ajv.addKeyword({
    keyword: 'x-notContains',
    schemaType: 'array',
    validate: (fields: string[], data: unknown, _p?: unknown, cxt?: { parentData?: unknown }) =>
      typeof data !== 'string' ||
      !others(fields, cxt?.parentData).some((o) => data.toLowerCase().includes(o.toLowerCase())),
  });
  ajv.addKeyword({
    keyword: 'x-equalTo',
    schemaType: 'string',
    validate: (field: string, data: unknown, _p?: unknown, cxt?: { parentData?: unknown }) =>
      (cxt?.parentData as Record<string, unknown> | undefined)?.[field] === data,
  });
  return ajv;
}

const ajv = createRulesAjv();

export const RULES = {
  casaDetails: casaDetails as Schema,
  ccDetails: ccDetails as Schema,
  userInfo: userInfo as Schema,
  otp: otpForm as Schema,
  cardActivation: cardActivation as Schema,
  changePin: changePin as Schema,
};

const compiled = new Map<Schema, ValidateFunction>();

function at(schema: Schema, pointer: string): unknown {
  return pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .reduce<unknown>(
      (node, key) =>
        (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      schema,
    );
}

/** Per-field messages (JSON pointers, as the error handler writes them) for a form that breaks the rules. */
export function ruleErrors(schema: Schema, errors: ErrorObject[]): Fields {
  const found = new Map<string, { rank: number; message: Message }>();
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  for (const e of errors) {
    let field: string | undefined;
    let message: Message | undefined;
    let rank = 1000;
    if (e.keyword === 'required') {
      field = (e.params as { missingProperty: string }).missingProperty;
      message = props[field]?.['x-requiredMessage'] as Message | undefined;
      rank = -1;
    } else {
      field = e.instancePath.split('/')[1];
      const m = /^(#\/properties\/[^/]+\/allOf\/(\d+))/.exec(e.schemaPath);
      if (m) {
        message = (at(schema, m[1]!) as Schema | undefined)?.['x-message'] as Message | undefined;
        rank = Number(m[2]);
      }
    }
    if (!field) continue;
    message ??= { en: e.message ?? 'is invalid', id: 'tidak valid' };
    const prev = found.get(field);
    if (!prev || rank < prev.rank) found.set(field, { rank, message });
  }
  const out: Fields = {};
  for (const [field, { message }] of found) out[`/${field}`] = { eng: message.en, idn: message.id };
  return out;
}

/** Throws 400 INVALID_REQUEST with per-field messages when `form` breaks the rules of `schema`. */
export function checkRules(schema: Schema, form: Record<string, unknown>): void {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (!validate(form)) throw invalidRequest(ruleErrors(schema, validate.errors ?? []));
}
