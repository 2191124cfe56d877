/** Tag 62, the additional data field template: EMVCo's sub-tags 01-09 by name, the rest kept as written. */
import { checkText, othersOf } from './refusal';
import { ADDITIONAL_FIELDS, isNamedAdditionalTag } from './tags';
import type { QrisAdditionalData } from './types';

export function readAdditional(sub: Map<string, string> | undefined): QrisAdditionalData {
  if (sub === undefined) return { other: {} };
  const named: Omit<QrisAdditionalData, 'other'> = {};
  for (const [tag, name, max] of ADDITIONAL_FIELDS) {
    const text = sub.get(tag);
    if (text !== undefined) named[name] = checkText(`62.${tag}`, text, max);
  }
  return { ...named, other: othersOf(sub, isNamedAdditionalTag) };
}
