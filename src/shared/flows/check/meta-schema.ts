// The file's shape: the meta-schema (schemas/flow.schema.json), its errors as sentences an analyst can act on.
import type { Ajv, ErrorObject } from 'ajv';
import metaSchema from '../../../../schemas/flow.schema.json';
import { jsonPath, newAjv } from './json';

let metaValidator: ReturnType<Ajv['compile']> | undefined;
function validateMeta(data: unknown): ErrorObject[] {
  metaValidator ??= newAjv().compile(metaSchema);
  metaValidator(data);
  return metaValidator.errors ?? [];
}

const PATTERN_WORDS: Record<string, string> = {
  localeKey: 'a locale key with its namespace, like "flows:payment.bpjs.title"',
  name: 'a registry name made of letters and digits joined by dots, like "biller.bill"',
  valuePath: 'a value path such as "form.amount", "inquiry.customerName", "amount", "total" or "fees.admin"',
  currency: 'a three-letter currency code in capitals, like "IDR"',
};

/** Turns one ajv error into a sentence an analyst can act on. */
function describe(e: ErrorObject): { path: string; message: string } {
  const at = e.instancePath;
  const field = at.split('/').pop() || 'the file';
  switch (e.keyword) {
    case 'required': {
      const p = (e.params as { missingProperty: string }).missingProperty;
      return { path: jsonPath(`${at}/${p}`), message: `"${p}" is required here but missing.` };
    }
    case 'additionalProperties': {
      const p = (e.params as { additionalProperty: string }).additionalProperty;
      return {
        path: jsonPath(`${at}/${p}`),
        message: `"${p}" is not a known property here (check the spelling; see schemas/flow.schema.json).`,
      };
    }
    case 'pattern': {
      const def = /#\/definitions\/(\w+)\//.exec(e.schemaPath)?.[1];
      const words = def ? PATTERN_WORDS[def] : undefined;
      return {
        path: jsonPath(at),
        message: `"${field}" must be ${words ?? `text matching ${(e.params as { pattern: string }).pattern}`}.`,
      };
    }
    case 'enum':
      return {
        path: jsonPath(at),
        message: `"${field}" must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues
          .map((v) => JSON.stringify(v))
          .join(', ')}.`,
      };
    case 'type':
      if (/fees\/\d+\/amount$/.test(at))
        return {
          path: jsonPath(at),
          message: `A fee is a whole number of minor units (cents) of the transaction's currency: Rp 2.500 is 250000, not 2500.00 or "2.500".`,
        };
      return {
        path: jsonPath(at),
        message: `"${field}" must be of type ${(e.params as { type: string }).type}.`,
      };
    case 'minProperties':
    case 'maxProperties':
      return {
        path: jsonPath(at),
        message: /credit$/.test(at)
          ? '"credit" must have exactly one of "internal", "accountId" or "accountNo".'
          : `"${field}" ${e.message ?? 'has the wrong number of properties'}.`,
      };
    case 'uniqueItems':
      return { path: jsonPath(at), message: `"${field}" lists the same item twice.` };
    default:
      return { path: jsonPath(at), message: `"${field}" ${e.message ?? 'is not valid'}.` };
  }
}

/** The file's departures from the meta-schema, each sentence once. */
export function metaSchemaProblems(data: unknown): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  const seen = new Set<string>();
  for (const e of validateMeta(data)) {
    const d = describe(e);
    const k = `${d.path}|${d.message}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(d);
    }
  }
  return out;
}
