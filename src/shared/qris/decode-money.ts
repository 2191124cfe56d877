/** Tags 54-57: the amount, and the tip or fee the customer adds to it. */
import type { Money } from '../money';
import { parseAmount, parsePercent } from './amount';
import { refuse } from './refusal';
import type { QrisTip } from './types';

/** Tag 54 against tag 01: a static code carries no amount, a dynamic one must. */
export function readAmount(initiation: 'static' | 'dynamic', text: string | undefined): Money | undefined {
  if (initiation === 'static') {
    if (text !== undefined)
      refuse({ code: 'AMOUNT_IN_STATIC', detail: `a static code (01 = 11) carries the amount "${text}"` });
    return undefined;
  }
  if (text === undefined)
    refuse({ code: 'DYNAMIC_WITHOUT_AMOUNT', detail: 'a dynamic code (01 = 12) has no 54' });
  const amount = parseAmount(text);
  if (amount === undefined)
    refuse({ code: 'BAD_AMOUNT', detail: `54 "${text}" is not a positive amount of up to 13 characters` });
  return { amount, currency: 'IDR' };
}

/** Tag 55 and the 56 or 57 it names; neither of those without it. */
export function readTip(
  indicator: string | undefined,
  fixed: string | undefined,
  percent: string | undefined,
): QrisTip | undefined {
  const badTip = (detail: string): never => refuse({ code: 'BAD_TIP', detail });
  switch (indicator) {
    case undefined:
      if (fixed !== undefined || percent !== undefined) badTip('56 or 57 without a tip indicator (55)');
      return undefined;
    case '01':
      if (fixed !== undefined || percent !== undefined)
        badTip('55 = 01 (the customer types a tip) with 56 or 57');
      return { kind: 'prompt' };
    case '02': {
      const fee = fixed === undefined ? undefined : parseAmount(fixed);
      if (fee === undefined || percent !== undefined)
        return badTip(`55 = 02 needs a fixed fee in 56 (and no 57), not ${JSON.stringify(fixed)}`);
      return { kind: 'fixed', fee: { amount: fee, currency: 'IDR' } };
    }
    case '03': {
      const basisPoints = percent === undefined ? undefined : parsePercent(percent);
      if (basisPoints === undefined || fixed !== undefined)
        return badTip(
          `55 = 03 needs a percentage of 0.01-99.99 in 57 (and no 56), not ${JSON.stringify(percent)}`,
        );
      return { kind: 'percent', basisPoints };
    }
    default:
      return badTip(`55 is "${indicator}", not 01, 02 or 03`);
  }
}
