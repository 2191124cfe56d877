import { useLayoutEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import Container from '@mui/material/Container';
import type { UiSchema } from '@rjsf/utils';
import { theme } from '@/shared/ui/theme';
import { initI18n } from '@/shared/i18n/i18n';
import engineEn from '../../../locales/en/engine.json';
import engineId from '../../../locales/id/engine.json';
import schemaJson from '../../../schemas/forms/transfer/mass-transfer.json';

export const schema = schemaJson as Record<string, unknown>;

export interface Beneficiary {
  accountNo: string;
  beneficiaryName: string;
  amount: number;
  message?: string;
}
export interface MassTransfer {
  sourceOfFund: string;
  beneficiaries: Beneficiary[];
}

/** Rows from `?n=` (default 1000). */
export const rowCount = () => Number(new URLSearchParams(location.search).get('n') ?? 1000);

/** The same deterministic, valid rows for both pages. */
export function massTransferData(n: number): MassTransfer {
  return {
    sourceOfFund: 'acc-1',
    beneficiaries: Array.from({ length: n }, (_, i) => ({
      accountNo: String(1_000_000_000 + i * 7919),
      beneficiaryName: `Penerima ${i + 1}`,
      amount: (i + 1) * 1_000_000,
      ...(i % 3 === 0 ? { message: `Gaji ${i + 1}` } : {}),
    })),
  };
}

const itemsUi: UiSchema = {
  'ui:order': ['accountNo', 'beneficiaryName', 'amount', 'message'],
  accountNo: { 'ui:title': 'Account number', 'ui:widget': 'digits', 'ui:options': { maxLength: 18 } },
  beneficiaryName: { 'ui:title': 'Beneficiary name' },
  amount: { 'ui:title': 'Amount' },
  message: { 'ui:title': 'Message' },
};

/** Stock: RJSF's own widgets read `ui:widget` names it knows, so 'digits' is dropped there. */
export const stockUiSchema: UiSchema = {
  sourceOfFund: { 'ui:title': 'Source of fund' },
  beneficiaries: {
    'ui:title': 'Beneficiaries',
    items: { ...itemsUi, accountNo: { 'ui:title': 'Account number' } },
  },
};

export const oursUiSchema: UiSchema = {
  sourceOfFund: { 'ui:title': 'Source of fund' },
  beneficiaries: {
    'ui:title': 'Beneficiaries',
    'ui:field': 'LargeArrayField',
    'ui:options': { addLabel: 'Add beneficiary' },
    items: { ...itemsUi, amount: { 'ui:title': 'Amount (IDR)', 'ui:widget': 'amount' } },
  },
};

interface BenchState {
  mountedAt: number | null;
  lastCommitAt: number;
  /** Key dispatch -> first animation frame after React committed the change (ms). */
  frames: number[];
  /** Key dispatch -> React commit (ms). */
  commits: number[];
}
declare global {
  interface Window {
    __bench: BenchState;
  }
}
const bench: BenchState = { mountedAt: null, lastCommitAt: 0, frames: [], commits: [] };
window.__bench = bench;

/**
 * The update signal, in production React (a profiling build would slow the big stock tree most):
 * stock passes it as the Form's onChange (RJSF calls it after the commit); ours also gets it from the
 * row render probe, since a keystroke updates only its row (React renders and commits a discrete
 * event's update in the same task, before the next frame).
 */
export const markUpdate = () => {
  bench.lastCommitAt = performance.now();
};

addEventListener(
  'keydown',
  (e) => {
    if (!(e.target instanceof HTMLInputElement)) return;
    const t0 = e.timeStamp;
    const frame = () => {
      if (bench.lastCommitAt < t0) {
        requestAnimationFrame(frame);
        return;
      }
      bench.frames.push(performance.now() - t0);
      bench.commits.push(bench.lastCommitAt - t0);
    };
    requestAnimationFrame(frame);
  },
  true,
);

/** Rendered after the form: its first layout effect runs once the whole form is committed. */
function MountProbe() {
  useLayoutEffect(() => {
    requestAnimationFrame(() => {
      bench.mountedAt = performance.now();
    });
  }, []);
  return null;
}

// `?lang=id` shows the field's own strings in Indonesian (the bench's column titles are plain text).
const i18n = initI18n(
  { en: { engine: engineEn }, id: { engine: engineId } },
  new URLSearchParams(location.search).get('lang') === 'id' ? 'id' : 'en',
);

export function BenchPage({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Container maxWidth="lg" sx={{ py: 3 }}>
          {children}
          <MountProbe />
        </Container>
      </ThemeProvider>
    </I18nextProvider>
  );
}
