import { useMemo } from 'react';
import type { ApprovalStatus, ChoiceOption, FlowFile, InquiryResponse, Receipt } from '@/shared/flows';
import { lookupLocaleKey, stepStateOf } from '@/shared/flows';
import { flowById } from '@/engine/flows-all';
import type { TransactionServices } from '@/engine/services/transaction-services';
import type { FlowRestore } from '@/engine/machine/flow-machine';
import { FlowStepView } from '@/engine/ui/flow-step-view';
import { allResources } from '../.storybook/locales';

/**
 * Renders one step of one flow in a given outcome with fake services, for the generated stories.
 * Everything is derived from the flow file and its form schema, so a new flow needs no story code.
 */
export interface FlowStepStoryProps {
  flowId: string;
  scenario: string;
}

const formSchemas = import.meta.glob<JsonSchema>('/schemas/forms/**/*.json', {
  eager: true,
  import: 'default',
});

const IDR = (amount: number) => ({ amount, currency: 'IDR' });
const later = (ms: number) => new Date(Date.now() + ms).toISOString();
// Stories must look the same on every run: a fixed clock for what the page shows as dates.
const FIXED_DATE = '2026-11-20T09:30:00+07:00';

/** A field's title from the locale files ("Denomination"), for option labels a designer can read. */
function titleOf(flow: FlowFile, field: string, lang: 'en' | 'id'): string {
  const key = (flow.form.uiSchema?.[field] as { 'ui:title'?: string } | undefined)?.['ui:title'];
  const text = key ? lookupLocaleKey((ns) => allResources[lang]?.[ns], key) : undefined;
  return typeof text === 'string' ? text : field;
}

/** Two plausible options per choice field; a dependent field's options follow the first option of its parent. */
function fakeChoices(flow: FlowFile): Record<string, ChoiceOption[]> {
  const out: Record<string, ChoiceOption[]> = {};
  for (const [field, spec] of Object.entries(flow.choices ?? {})) {
    if (spec.source === 'accounts') {
      out[field] = [
        {
          value: '101',
          labelEng: 'Tabungan Xtra · 800123456701',
          labelIdn: 'Tabungan Xtra · 800123456701',
          detail: {
            accountNo: '800123456701',
            currency: 'IDR',
            product: 'savings',
            balance: IDR(19_797_672_700),
          },
        },
        {
          value: '102',
          labelEng: 'Giro Rupiah · 800987654306',
          labelIdn: 'Giro Rupiah · 800987654306',
          detail: {
            accountNo: '800987654306',
            currency: 'IDR',
            product: 'current',
            balance: IDR(8_850_000_000),
          },
        },
      ];
    } else {
      const parent = spec.dependsOn ? out[spec.dependsOn]?.[0]?.value : undefined;
      out[field] = [1, 2].map((n) => ({
        value: `${field}-${n}`,
        labelEng: `${titleOf(flow, field, 'en')} ${n}`,
        labelIdn: `${titleOf(flow, field, 'id')} ${n}`,
        detail: {
          ...(spec.filterKey && parent ? { [spec.filterKey]: parent } : {}),
          price: IDR(n * 5_000_000),
        },
      }));
    }
  }
  return out;
}

type JsonSchema = { properties?: Record<string, { type?: string; pattern?: string; minimum?: number }> };

/** A filled-in form: choice fields take their first option, others a value that fits their schema. */
function sampleForm(schema: JsonSchema, choices: Record<string, ChoiceOption[]>) {
  const form: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const first = choices[name]?.[0];
    if (first) form[name] = first.value;
    else if (prop.type === 'integer' || prop.type === 'number')
      form[name] = Math.max(prop.minimum ?? 0, 15_000_000);
    else if (prop.pattern && /\[0-9\]\{(\d+)/.test(prop.pattern)) {
      const n = Number(/\{(\d+)/.exec(prop.pattern)![1]);
      form[name] = '0812345678901234567890'.slice(0, Math.max(n, 10));
    } else if (prop.type === 'string') form[name] = 'Budi Santoso';
  }
  return form;
}

const detailKey = (value: string) =>
  value.startsWith('inquiry.') ? value.slice('inquiry.'.length) : undefined;

/** An optional row only the receipt shows is what the biller answers on success (a serial number, its reference). */
function answeredKeys(flow: FlowFile): string[] {
  const asked = new Set(flow.verify.summary.map((r) => detailKey(r.value)));
  return flow.receipt.rows.flatMap((r) => {
    const key = detailKey(r.value);
    return key && r.optional && !asked.has(key) ? [key] : [];
  });
}

/** Look-up results for the rows that read `inquiry.*` (the biller's answers come with a successful receipt). */
function sampleDetails(flow: FlowFile): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  const answered = answeredKeys(flow);
  for (const row of [...flow.verify.summary, ...flow.receipt.rows]) {
    const key = detailKey(row.value);
    if (!key || answered.includes(key)) continue;
    details[key] =
      row.format === 'money'
        ? IDR(15_000_000)
        : /name/i.test(key)
          ? 'SITI AMINAH'
          : /period/i.test(key)
            ? 'November 2026'
            : /participants|count/i.test(key)
              ? 3
              : /date/i.test(key)
                ? FIXED_DATE
                : '—';
  }
  return details;
}

function sampleInquiry(flow: FlowFile): InquiryResponse {
  const fees = (flow.posting?.fees ?? []).map((f) => ({ kind: f.kind, amount: IDR(f.amount) }));
  const amount = IDR(15_000_000);
  const total = IDR(amount.amount + fees.reduce((a, f) => a + f.amount.amount, 0));
  return {
    inquiryId: 'story-inquiry',
    flowId: flow.id,
    amount,
    fees,
    total,
    details: sampleDetails(flow),
    expiresAt: later(10 * 60_000),
    phones: [
      { phoneId: 1, maskedPhone: '+62812****7890', frozenUntil: null },
      { phoneId: 2, maskedPhone: '+62857****5678', frozenUntil: null },
    ],
  };
}

function sampleReceipt(flow: FlowFile, inquiry: InquiryResponse, status: Receipt['status']): Receipt {
  return {
    referenceNo: 'FT26112000123456',
    status,
    flowId: flow.id,
    amount: inquiry.amount,
    fees: inquiry.fees,
    total: inquiry.total,
    details:
      status === 'success'
        ? {
            ...inquiry.details,
            ...Object.fromEntries(answeredKeys(flow).map((k) => [k, '21719480539087908544'])),
          }
        : inquiry.details,
    createdAt: FIXED_DATE,
    ...(status === 'failed'
      ? {
          // A refusal any flow can meet (a transfer's bank or a biller alike).
          error: {
            sourceSystem: 'ESB',
            errorCode: '0005',
            message: 'The transaction was refused. Your balance has not been charged.',
            errorTitleEng: 'Transaction failed',
            errorTitleIdn: 'Transaksi gagal',
            errorMessageEng: 'The transaction was refused. Your balance has not been charged.',
            errorMessageIdn: 'Transaksi ditolak. Saldo Anda tidak terpotong.',
          },
        }
      : {}),
  };
}

function fakeServices(flow: FlowFile, approvalOutcome: ApprovalStatus): TransactionServices {
  const choices = fakeChoices(flow);
  const never = new Promise<never>(() => undefined);
  return {
    formData: async () => choices,
    // A live price (gold's) held for two minutes, as the bank's desk quotes it; the page asks again before then.
    priceQuote: async (_url, side) => {
      const now = Date.now();
      return {
        quoteId: 'story-quote',
        pricePerGram: { amount: side === 'sell' ? 160_200_000 : 165_800_000, currency: 'IDR' },
        quotedAt: new Date(now).toISOString(),
        expiresAt: new Date(now + 120_000).toISOString(),
      };
    },
    // Stories stop at the step they show: calls that would move on never settle.
    inquiry: () => never,
    inquiryStep: () => never,
    fdsChallenge: () => never,
    startVerification: async (_id, method) =>
      method === 'otp'
        ? {
            method: 'otp',
            otp: {
              requestId: 'story-otp',
              refNumber: 'A7K2Q9',
              phoneId: 1,
              maskedPhone: '+62812****7890',
              expiresAt: later(5 * 60_000),
              resendAvailableAt: later(60_000),
              resendsLeft: 3,
            },
          }
        : { method: 'approval', approvalId: 'story-approval', expiresAt: later(5 * 60_000), resendsLeft: 3 },
    resendVerification: async () => ({
      method: 'approval',
      approvalId: 'story-approval',
      expiresAt: later(5 * 60_000),
      resendsLeft: 2,
    }),
    watchApproval: (_id, onStatus) => {
      const timer = setTimeout(() => onStatus(approvalOutcome), 0);
      return () => clearTimeout(timer);
    },
    confirm: () => never,
    saveFavourite: async (flowId, name, form) => ({
      id: 'story-favourite',
      flowId,
      name,
      form,
      createdAt: new Date().toISOString(),
    }),
    favourite: async () => undefined,
  };
}

/** What the machine starts from for each outcome. */
function restoreFor(flow: FlowFile, scenario: string): FlowRestore | undefined {
  const inquiry = sampleInquiry(flow);
  const choices = fakeChoices(flow);
  const form = sampleForm(formSchemas[`/schemas/${flow.form.schema}`] ?? {}, choices);
  const labels = Object.fromEntries(
    Object.entries(choices).flatMap(([k, opts]) => (opts[0] ? [[k, opts[0]]] : [])),
  );
  const base = { form, labels, inquiry, idempotencyKey: 'story-key' };
  // A page of the flow's own machine steps: a multi-step inquiry's step (the steps before it done,
  // their answers offering the choices), its last form, or the FDS challenge of a flagged inquiry.
  if (scenario.startsWith('step:')) {
    const state = scenario.slice('step:'.length);
    if (state === 'fds') return { ...base, inquiry: { ...inquiry, fdsRequired: true } };
    const steps = flow.inquiry?.steps ?? [];
    const at = state === 'inquiry' ? steps.length : steps.findIndex((st) => stepStateOf(st.id) === state);
    if (at < 0) return undefined;
    const done = steps.slice(0, at);
    const stepAnswers = Object.fromEntries(
      done.map((st) => {
        const field = Object.entries(flow.choices ?? {}).find(
          ([, c]) => c.source === 'inquiry' && c.from === `inquiry.${st.id}.options`,
        )?.[0];
        return [st.id, { options: field ? choices[field] : [] }];
      }),
    );
    return at ? { form: {}, labels: {}, stepToken: 'story-steps', stepAnswers, stepsDone: at } : undefined;
  }
  // A variant of a conditional form: the inquiry step with the values that open it.
  if (scenario.startsWith('branch:'))
    return { form: JSON.parse(scenario.slice('branch:'.length)) as Record<string, unknown>, labels };
  switch (scenario) {
    case 'verify-otp':
      return {
        ...base,
        method: 'otp',
        otp: {
          requestId: 'story-otp',
          refNumber: 'A7K2Q9',
          phoneId: 1,
          maskedPhone: '+62812****7890',
          expiresAt: later(5 * 60_000),
          resendAvailableAt: later(60_000),
          resendsLeft: 3,
        },
      };
    case 'verify-approval-waiting':
    case 'verify-approval-expired':
    case 'verify-approval-rejected':
      return {
        ...base,
        method: 'approval',
        approval: { approvalId: 'story-approval', expiresAt: later(5 * 60_000), resendsLeft: 3 },
      };
    case 'receipt-success':
      return { ...base, receipt: sampleReceipt(flow, inquiry, 'success') };
    case 'receipt-pending':
      return { ...base, receipt: sampleReceipt(flow, inquiry, 'pending') };
    case 'receipt-failed':
      return { ...base, receipt: sampleReceipt(flow, inquiry, 'failed') };
    default:
      return undefined;
  }
}

export function FlowStepStory({ flowId, scenario }: FlowStepStoryProps) {
  const flow = flowById(flowId);
  const services = useMemo(
    () =>
      flow
        ? fakeServices(
            flow,
            scenario === 'verify-approval-expired'
              ? 'expired'
              : scenario === 'verify-approval-rejected'
                ? 'rejected'
                : 'waiting',
          )
        : undefined,
    [flow, scenario],
  );
  const state = useMemo(() => (flow ? restoreFor(flow, scenario) : undefined), [flow, scenario]);
  if (!flow || !services) return <p>Unknown flow {flowId}</p>;
  return <FlowStepView key={`${flowId}:${scenario}`} flow={flow} state={state} services={services} />;
}
