import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FlowStepView } from '@/engine/ui/flow-step-view';
import { loadVerification } from '@/engine/machine/flow-machine';
import type { TransactionServices } from '@/engine/services/transaction-services';
import { initI18n, stringsReady } from '@/shared/i18n/i18n';
import { stepStrings } from '@/engine/strings';
import { loadFlowsFromDisk } from '@/shared/flows/load-node';
import type { InquiryResponse, Receipt } from '@/shared/flows';
import { formatBankTime } from '@/shared/bank-time';
import enCommon from '../../../locales/en/common.json';
import idCommon from '../../../locales/id/common.json';
import enEngine from '../../../locales/en/engine.json';
import idEngine from '../../../locales/id/engine.json';
import enFlows from '../../../locales/en/flows.json';
import idFlows from '../../../locales/id/flows.json';
import enErrors from '../../../locales/en/errors.json';
import idErrors from '../../../locales/id/errors.json';

// A flow that allows both OTP and app approval.
const flow = loadFlowsFromDisk().flows.find((f) => f.flow.id === 'payment.bpjs')!.flow;
const idr = (amount: number) => ({ amount, currency: 'IDR' });
const frozenUntil = new Date(Date.now() + 20 * 60_000).toISOString();
const laterFreeze = new Date(Date.now() + 28 * 60_000).toISOString();

const inquiry = (appEnrolled: boolean): InquiryResponse => ({
  inquiryId: 'inq-1',
  flowId: flow.id,
  amount: idr(15_000_000),
  fees: [],
  total: idr(15_000_000),
  details: { customerName: 'SITI' },
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  phones: [
    { phoneId: 1, maskedPhone: '+62812****7890', frozenUntil: laterFreeze },
    { phoneId: 2, maskedPhone: '+62857****5678', frozenUntil },
  ],
  appEnrolled,
});

function servicesFor(started: string[]): TransactionServices {
  return {
    formData: async () => ({}),
    inquiry: async () => inquiry(true),
    startVerification: async (_id, method) => {
      started.push(method);
      if (method === 'otp')
        throw {
          kind: 'api',
          status: 423,
          errorCode: 'OTP_ALL_FROZEN',
          body: { errorCode: 'OTP_ALL_FROZEN' },
        };
      return { method: 'approval', approvalId: 'a', expiresAt: frozenUntil, resendsLeft: 3, matchNumber: 42 };
    },
    resendVerification: async () => {
      throw new Error('not expected');
    },
    watchApproval: () => () => {},
    confirm: async () => ({}) as Receipt,
    saveFavourite: async (flowId, name, form) => ({ id: '1', flowId, name, form, createdAt: '' }),
    favourite: async () => undefined,
  };
}

const restoreAt = (appEnrolled: boolean) => ({
  form: { sourceOfFund: '7', customerNumber: '8888801234567890' },
  labels: {},
  inquiry: inquiry(appEnrolled),
  method: 'otp' as const,
  idempotencyKey: 'k-1',
});

let i18n: ReturnType<typeof initI18n>;
beforeAll(async () => {
  i18n = initI18n(
    {
      en: { common: enCommon, engine: enEngine, flows: enFlows, errors: enErrors },
      id: { common: idCommon, engine: idEngine, flows: idFlows, errors: idErrors },
    },
    'id',
  );
  // what the pages after a form say, in both languages, before they draw (they wait for it: useStrings)
  for (const lang of ['en', 'id'] as const) {
    await i18n.changeLanguage(lang);
    await stringsReady(i18n, stepStrings);
  }
  // the verify step's machinery, which a page restored in verify waits for (its own test: verification-loading)
  await loadVerification();
});
afterEach(async () => {
  cleanup();
  if (i18n.language !== 'id') await i18n.changeLanguage('id');
});

describe('OTP with every phone frozen', () => {
  it('says when the freeze ends and offers app approval to a customer with the app, which pushes the request', async () => {
    const started: string[] = [];
    render(<FlowStepView flow={flow} services={servicesFor(started)} state={restoreAt(true)} />);
    const panel = await screen.findByTestId('otp-frozen');
    // The earliest number to thaw decides when a code can be sent again.
    const time = formatBankTime(frozenUntil, 'id', false);
    expect(panel.textContent).toContain(`diblokir hingga pukul ${time}`);
    expect(panel.textContent).toContain('aplikasi mobile');
    await userEvent.click(screen.getByTestId('otp-frozen-use-approval'));
    expect(await screen.findByTestId('approval-panel')).toBeTruthy();
    expect(started).toEqual(['otp', 'approval']);
    // The number to tap in the app is shown once (it was drawn twice).
    expect(await screen.findAllByTestId('approval-match-number')).toHaveLength(1);
  });

  it('without the app says when the freeze ends and where to call, offering no app approval (English)', async () => {
    await i18n.changeLanguage('en');
    render(<FlowStepView flow={flow} services={servicesFor([])} state={restoreAt(false)} />);
    const panel = await screen.findByTestId('otp-frozen');
    expect(panel.textContent).toContain(`blocked until ${formatBankTime(frozenUntil, 'en', false)}`);
    expect(panel.textContent).toContain('14041');
    expect(screen.queryByTestId('otp-frozen-use-approval')).toBeNull();
  });
});
