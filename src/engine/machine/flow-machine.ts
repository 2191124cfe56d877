// The flow machine: its context and events (flow-context.ts), the one registry of what a flow file's
// machine may name (flow-setup.ts), a flow's machine (create-flow-machine.ts), and its actors wired to
// the server (provide-services.ts); the verify step's submachines load with that step (verification-loader.ts).
export type { FlowContext, FlowEvent, FlowInput, FlowRestore } from './flow-context';
export { flowSetup } from './flow-setup';
export {
  createFlowMachine,
  currentMeta,
  VERIFICATION_ID,
  type FlowActorRef,
  type FlowMachine,
  type FlowSnapshot,
} from './create-flow-machine';
export { provideServices } from './provide-services';
export { loadVerification } from './verification-loader';
