import { EventEmitter } from 'node:events';

/**
 * In-process fan-out of approval changes to open SSE streams. Streams also re-read the database
 * every few seconds, so a decision taken on another app server still arrives (only later).
 */
export class ApprovalHub {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  /** Something changed for this customer's approvals (mobile lists) and this inquiry (web status). */
  notify(customerId: number, inquiryId: string): void {
    this.emitter.emit(`customer:${customerId}`);
    this.emitter.emit(`inquiry:${inquiryId}`);
  }
  subscribe(topic: `customer:${number}` | `inquiry:${string}`, fn: () => void): () => void {
    this.emitter.on(topic, fn);
    return () => this.emitter.off(topic, fn);
  }
}

const hubs = new WeakMap<object, ApprovalHub>();
/** One hub per database (per app): the transaction routes publish, the companion app's routes listen. */
export function hubOf(db: object): ApprovalHub {
  let hub = hubs.get(db);
  if (!hub) hubs.set(db, (hub = new ApprovalHub()));
  return hub;
}
