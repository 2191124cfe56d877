import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';
import { QRIS_CHANNEL } from './record';

/**
 * Fan-out of QRIS sales and code changes to the merchants' open pages, across every app server on
 * the database: whoever books a sale or cancels a code NOTIFYs in its transaction (record.ts), and
 * every server LISTENs (as the approvals hub does, approvals/hub.ts). Streams still re-read every few
 * seconds, for what no one announces (a code that expires) and a notification lost in a gap.
 */
export class QrisHub {
  private readonly emitter = new EventEmitter();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    readonly rereadMs = 3_000,
  ) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.stopListening = await this.db.listen(
      QRIS_CHANNEL,
      (payload) => this.received(payload),
      () => this.emitter.emit('gap'),
    );
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = null;
  }

  /** Calls fn whenever something changed for this merchant (a sale, one of its codes). */
  subscribe(merchantId: number, fn: () => void): () => void {
    const topic = `merchant:${merchantId}`;
    this.emitter.on(topic, fn);
    this.emitter.on('gap', fn);
    return () => {
      this.emitter.off(topic, fn);
      this.emitter.off('gap', fn);
    };
  }

  private received(payload: string): void {
    try {
      const m = JSON.parse(payload) as { m?: unknown };
      if (typeof m.m === 'number') this.emitter.emit(`merchant:${m.m}`);
    } catch {
      this.log.warn({ payload }, 'QRIS notification not understood');
    }
  }
}
