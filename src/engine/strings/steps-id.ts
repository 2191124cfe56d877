// What the pages after a flow's form say (verify, the OTP, app-approval and passkey panels, the FDS challenge,
// the receipt), in Indonesian only: they load with those pages (src/engine/ui/later-steps.ts), not with every
// signed-in page.
import type { ResourceLanguage } from 'i18next';
import * as engine from '../../../locales/id/engine.json?steps';
import * as engine2 from '../../../locales/id/engine2.json?steps';

export const strings: ResourceLanguage = {
  engine: {
    summary: engine.summary,
    verify: engine.verify,
    otp: engine.otp,
    approval: engine.approval,
    passkey: engine.passkey,
    receipt: engine.receipt,
  },
  engine2: { fds: engine2.fds },
};
