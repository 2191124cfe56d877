import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

/** A JSON syntax error as a sentence with its line and column (1-based). */
export function jsonSyntaxMessage(text: string, err: unknown): string {
  const msg = (err as Error).message;
  const m = /position (\d+)/.exec(msg);
  const lc = /line (\d+) column (\d+)/.exec(msg);
  let where = '';
  if (lc) where = ` at line ${lc[1]}, column ${lc[2]}`;
  else if (m) {
    const before = text.slice(0, Number(m[1]));
    const line = before.split('\n').length;
    const column = Number(m[1]) - before.lastIndexOf('\n');
    where = ` at line ${line}, column ${column}`;
  } else if (/Unexpected end/.test(msg)) {
    const lines = text.split('\n');
    where = ` at line ${lines.length}, column ${lines[lines.length - 1]!.length + 1} (the file ends too early)`;
  }
  return `The file is not valid JSON${where}: ${msg.replace(/ in JSON at position \d+.*$/, '')}.`;
}

/** "$.verify.summary[2].labelKey" from "/verify/summary/2/labelKey". */
export function jsonPath(pointer: string | (string | number)[]): string {
  const parts = Array.isArray(pointer)
    ? pointer.map(String)
    : pointer
        .split('/')
        .slice(1)
        .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return (
    '$' +
    parts
      .map((p) => (/^\d+$/.test(p) ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `.${p}` : `["${p}"]`))
      .join('')
  );
}

export function newAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

export function asList(v: string | string[] | undefined): string[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}
