// The pages after a flow's form, one chunk (scripts/vite/chunking.ts, the flow-steps group): flow-step-view.tsx
// loads it when the form is sent.
export { VerifyView } from './verify-view';
export { FdsChallengeView } from './fds-challenge-view';
export { ReceiptView } from './receipt-view';
export { Summary } from './summary';
