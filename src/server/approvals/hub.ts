import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';

export const APPROVAL_CHANNEL = 'approval_changes';

type Topic = `customer:${number}` | `inquiry:${string}`;

/**
 * Fan-out of approval changes to open SSE streams, across every app server on the database: a change
 * wakes this server's streams at once and the others' through NOTIFY. Streams still re-read every few
 * seconds, for what no one announces (an approval that expires) and a notification lost in a gap.
 */
export class ApprovalHub {
  private readonly emitter = new EventEmitter();
  /** Tells this server's own notifications apart, which it has already delivered. */
  private readonly origin = randomUUID();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** How often an open stream re-reads on its own. */
    readonly rereadMs = 3_000,
  ) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.stopListening = await this.db.listen(
      APPROVAL_CHANNEL,
      (payload) => this.received(payload),
      // Notifications may have been missed while the listening connection was down: every stream re-reads.
      () => this.emitter.emit('gap'),
    );
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = null;
  }

  /**
   * Something changed for this customer's approvals (mobile lists) and this inquiry (web status); with
   * no inquiry, for the customer's app streams only (a device removed: its stream ends at once).
   */
  notify(customerId: number, inquiryId?: string): void {
    this.emit(customerId, inquiryId);
    const payload = JSON.stringify({ o: this.origin, c: customerId, i: inquiryId });
    // After the change committed; a failure only delays the other servers to their next re-read.
    this.db
      .query('SELECT pg_notify($1, $2)', [APPROVAL_CHANNEL, payload])
      .catch((err: unknown) => this.log.warn({ err }, 'approval notification not sent'));
  }

  subscribe(topic: Topic, fn: () => void): () => void {
    this.emitter.on(topic, fn);
    this.emitter.on('gap', fn);
    return () => {
      this.emitter.off(topic, fn);
      this.emitter.off('gap', fn);
    };
  }

  private emit(customerId: number, inquiryId: string | undefined): void {
    this.emitter.emit(`customer:${customerId}`);
    if (inquiryId !== undefined) this.emitter.emit(`inquiry:${inquiryId}`);
  }

  private received(payload: string): void {
    try {
      const m = JSON.parse(payload) as { o?: unknown; c?: unknown; i?: unknown };
      if (m.o === this.origin || typeof m.c !== 'number' || (m.i !== undefined && typeof m.i !== 'string'))
        return;
      this.emit(m.c, m.i);
    } catch {
      this.log.warn({ payload }, 'approval notification not understood');
    }
  }
}
