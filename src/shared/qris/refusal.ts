/**
 * The reader's way out: a field check refuses by throwing a Refusal, which decodeQris alone catches
 * and returns as its error, so the checks read straight down and no bad input escapes as a throw.
 */
import type { QrisError } from './errors';
import { codePointLength, readTlv, type TlvField } from './tlv';

export class Refusal {
  constructor(readonly error: QrisError) {}
}

export function refuse(error: QrisError): never {
  throw new Refusal(error);
}

const CONTROL = /\p{Cc}/u;

/** A text field of at most `max` characters with no control character (a line break, a tab...). */
export function checkText(tag: string, value: string, max: number): string {
  if (codePointLength(value) > max)
    refuse({ code: 'FIELD_TOO_LONG', tag, max, detail: `tag ${tag} has more than ${max} characters` });
  if (CONTROL.test(value))
    refuse({ code: 'INVALID_FIELD', tag, detail: `tag ${tag} holds a control character` });
  return value;
}

/** A template's value read as TLV, its sub-tags by tag. */
export function readTemplate(tag: string, value: string): Map<string, string> {
  const reading = readTlv(value);
  if (!reading.ok) refuse({ code: 'MALFORMED_TLV', tag, detail: `inside tag ${tag}: ${reading.detail}` });
  return new Map(reading.fields.map((f: TlvField) => [f.tag, f.value]));
}

/** The entries of `fields` whose tags are not in `known`, as a plain record. */
export function othersOf(
  fields: Map<string, string>,
  known: (tag: string) => boolean,
): Record<string, string> {
  const other: Record<string, string> = {};
  for (const [tag, value] of fields) if (!known(tag)) other[tag] = value;
  return other;
}
