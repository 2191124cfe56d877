import { useCallback, useState, type ReactNode } from 'react';
import { CasaRequiredDialog } from './casa-required-dialog';
import { SupplementaryNoticeDialog } from './supplementary-notice-dialog';

/**
 * What a feature needs from the customer: 'casa' a savings or current account; 'mainCard' not to be a
 * supplementary card holder only (a main card's own services: limit increase, instalments).
 */
export type FeatureRequirement = 'casa' | 'mainCard' | 'none';

export interface CustomerFlags {
  hasCasa: boolean;
  ccOnly: boolean;
  supplementary: boolean;
}

export type GateOutcome = 'ok' | 'casaRequired' | 'supplementary';

/** Spec section 6: credit-card-only users get the open-account pop-up; supplementary holders the branch notice. */
export function gateFor(
  customer: CustomerFlags | null | undefined,
  requires: FeatureRequirement | undefined,
): GateOutcome {
  if (!customer || !requires || requires === 'none' || customer.hasCasa) return 'ok';
  if (requires === 'mainCard') return customer.supplementary ? 'supplementary' : 'ok';
  return customer.supplementary ? 'supplementary' : 'casaRequired';
}

/**
 * `const gate = useFeatureGate(customer)`; `if (gate.check('casa')) navigate(...)`; render `gate.dialogs`.
 * check() returns true when allowed, otherwise opens the right dialog and returns false.
 */
export function useFeatureGate(customer: CustomerFlags | null | undefined, onOpenAccount?: () => void) {
  const [shown, setShown] = useState<GateOutcome>('ok');
  const check = useCallback(
    (requires: FeatureRequirement | undefined) => {
      const outcome = gateFor(customer, requires);
      if (outcome !== 'ok') setShown(outcome);
      return outcome === 'ok';
    },
    [customer],
  );
  const close = () => setShown('ok');
  const dialogs: ReactNode = (
    <>
      <CasaRequiredDialog open={shown === 'casaRequired'} onClose={close} onOpenAccount={onOpenAccount} />
      <SupplementaryNoticeDialog open={shown === 'supplementary'} onClose={close} />
    </>
  );
  return { check, dialogs, outcome: shown };
}
