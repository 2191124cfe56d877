// A flow machine's context, events and input, and the context it starts from (a restored transaction's).
import type {
  ApprovalRequest,
  ChoiceOption,
  FlowFile,
  InquiryResponse,
  OtpChallenge,
  Receipt,
  VerificationMethod,
} from '@/shared/flows';

/** What survives leaving the page (see persistence.ts); never an OTP. */
export interface FlowRestore {
  form?: Record<string, unknown>;
  labels?: Record<string, ChoiceOption>;
  inquiry?: InquiryResponse;
  method?: VerificationMethod;
  idempotencyKey?: string;
  otp?: OtpChallenge;
  approval?: ApprovalRequest;
  receipt?: Receipt;
  /** A multi-step inquiry: the server's token, each done step's answer, how many are done. */
  stepToken?: string;
  stepAnswers?: Record<string, Record<string, unknown>>;
  stepsDone?: number;
  /** The FDS challenge of this inquiry was passed. */
  fdsPassed?: boolean;
}

export interface FlowInput {
  flow: FlowFile;
  restore?: FlowRestore;
}

export interface FlowContext {
  flowId: string;
  methods: VerificationMethod[];
  form: Record<string, unknown>;
  /** The chosen option of each choice field, for verify and receipt rows (kept from the inquiry page). */
  labels: Record<string, ChoiceOption>;
  inquiry?: InquiryResponse;
  method: VerificationMethod;
  idempotencyKey?: string;
  /** A verification restored from before, handed to the submachine once. */
  restoredOtp?: OtpChallenge;
  restoredApproval?: ApprovalRequest;
  receipt?: Receipt;
  error?: unknown;
  /** A multi-step inquiry's step ids, in order (none for a one-form flow). */
  stepIds: string[];
  stepToken?: string;
  /** Each done step's answer (`inquiry.<stepId>.<key>`: the next steps' options). */
  stepAnswers: Record<string, Record<string, unknown>>;
  stepsDone: number;
  /** What the step or form being sent holds of its own (the form's other values are earlier steps'). */
  submitted?: { step?: string; form: Record<string, unknown> };
  fdsPassed: boolean;
}

export type FlowEvent =
  /** `step`: the inquiry step sent (a multi-step flow's earlier step); its own fields only. */
  | { type: 'SUBMIT'; form: Record<string, unknown>; labels?: Record<string, ChoiceOption>; step?: string }
  | { type: 'NEXT'; form: Record<string, unknown>; labels?: Record<string, ChoiceOption> }
  | { type: 'BACK' }
  | { type: 'USE_OTP' }
  | { type: 'USE_APPROVAL' }
  | { type: 'USE_PASSKEY' }
  | { type: 'RETRY' }
  /** The customer passes the FDS challenge. */
  | { type: 'CONFIRM' }
  | { type: 'NEW' };

export function initialContext(input: FlowInput): FlowContext {
  const r = input.restore ?? {};
  const methods = input.flow.verify.methods;
  return {
    flowId: input.flow.id,
    methods,
    form: r.form ?? {},
    labels: r.labels ?? {},
    inquiry: r.inquiry,
    method: r.method && methods.includes(r.method) ? r.method : (methods[0] ?? 'otp'),
    idempotencyKey: r.idempotencyKey,
    restoredOtp: r.otp,
    restoredApproval: r.approval,
    receipt: r.receipt,
    stepIds: (input.flow.inquiry?.steps ?? []).map((s) => s.id),
    stepToken: r.stepToken,
    stepAnswers: r.stepAnswers ?? {},
    stepsDone: r.stepsDone ?? 0,
    fdsPassed: r.fdsPassed ?? false,
  };
}
