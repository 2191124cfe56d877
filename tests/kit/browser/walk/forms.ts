import type { Page } from 'playwright-core';
import { chooseOption } from '../choose-option';
import { inspect, type Finding } from './detectors';
import type { Lang, LocaleIndex } from './locale-index';
import { snapshotOf } from './page-snapshot';
import {
  dismissDialogs,
  failuresOf,
  openTimed,
  settle,
  type Expected,
  type PageWatch,
  type Visit,
} from './visit';

/**
 * A form the walk fills and sends, to read the page that answers it as it reads the entry pages: what a
 * look-up's answer shows (a bill's penalty), or what the form itself says of a wrong value.
 */
export interface FormStep {
  /** What it shows, for the report. */
  name: string;
  path: string;
  fill(page: Page): Promise<void>;
}

export const FORM_STEPS: readonly FormStep[] = [
  {
    // the simulated PLN answers this number with a late-payment penalty (Rp 3.000)
    name: 'a postpaid electricity bill with a late-payment penalty, on its verify page',
    path: '/payment/utility/inquiry/?type=electricity',
    fill: (page) => page.locator('#root_customerNumber').fill('530000000005'),
  },
  {
    name: 'a Tokopedia payment code of 12 digits (Tokopedia issues 16)',
    path: '/payment/e-commerce/inquiry/',
    fill: async (page) => {
      await chooseOption(page, 'company', /Tokopedia/);
      await page.locator('#root_paymentCode').fill('123456789012');
    },
  },
];

/**
 * One form of the walk: opened as a link, filled, sent; then the page it leads to (the verify step, or
 * the form with its message) read by the detectors, with the calls that failed on the way.
 */
export async function visitForm(
  page: Page,
  watch: PageWatch,
  step: FormStep,
  at: { lang: Lang; width: number; index: LocaleIndex; expected?: Expected },
): Promise<Visit> {
  const since = { problems: watch.problems.length, responses: watch.responses.length };
  const findings: Finding[] = [];
  const ms = await openTimed(page, step.path, 10_000);
  // A transaction left at its verify step comes back there (it survives leaving the page): read it.
  if (!/\/verify\/$/.test(new URL(page.url()).pathname))
    await fillAndSend(page, step).catch((e: Error) =>
      findings.push({ kind: 'slow', detail: `the form did not answer: ${e.message.split('\n')[0]}` }),
    );
  await settle(page);
  findings.push(...inspect(await snapshotOf(page), at.lang, at.index, at.width < 600));
  await dismissDialogs(page);
  findings.push(...failuresOf(watch, since, step.path, at.expected));
  return {
    path: `${step.path} (${step.name})`,
    lang: at.lang,
    width: at.width,
    landed: `${step.path} (${step.name})`,
    ms,
    findings,
    spent: { open: 0, read: 0 },
  };
}

/** Fills the form and sends it; resolves once the verify step or a message of the form shows. */
async function fillAndSend(page: Page, step: FormStep): Promise<void> {
  const send = page.locator('[data-testid="inquiry-view"] button[type="submit"]');
  await send.waitFor({ timeout: 10_000 });
  // (the choices arrive with the form: the source of fund is the customer's main one)
  await page.locator('#root_sourceOfFund').filter({ hasText: /\d/ }).waitFor({ timeout: 10_000 });
  await step.fill(page);
  await send.click();
  await page.waitForFunction(
    () =>
      /\/verify\/$/.test(location.pathname) ||
      [
        ...document.querySelectorAll(
          '.MuiFormHelperText-root.Mui-error, [role="dialog"], .MuiAlert-standardError',
        ),
      ].some((e) => (e as HTMLElement).checkVisibility()),
    undefined,
    { timeout: 10_000 },
  );
}
