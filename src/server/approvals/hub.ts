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
