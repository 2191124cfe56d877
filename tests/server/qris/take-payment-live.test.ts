import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../../src/server/app';
import { readEventStream } from '../../../src/shared/api/event-stream';
import { bothEngines, post } from '../../kit';
import { kopiSantoso, payer, payQris } from './qris-fixtures';

describe.each(bothEngines)(
  "take payment: the merchant's page hears of the payment from another app server at once, on $name",
  ({ openTwice }) => {
    let dbs: Awaited<ReturnType<typeof openTwice>>;
    let first: FastifyInstance;
    let second: FastifyInstance;
    beforeAll(async () => {
      dbs = await openTwice();
      // The merchant's server re-reads only once a minute: within the test, only a NOTIFY wakes its stream.
      first = await buildApp({
        db: dbs.first,
        demo: false,
        settlementIntervalMs: 0,
        approvalRereadMs: 60_000,
      });
      second = await buildApp({ db: dbs.second, demo: false, settlementIntervalMs: 0 });
      await first.listen({ port: 0, host: '127.0.0.1' });
      await second.ready();
    }, 60_000);
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await dbs?.close();
    }, 60_000);

    it('the code stream says "paid" as soon as the other server books it, then ends', async () => {
      const stall = await kopiSantoso(dbs.first);
      const made = await post(first, '/api/qris/v1/merchant/code/create', stall.owner.headers, {
        merchantId: String(stall.merchantId),
        amount: 25_000_00,
        idempotencyKey: 'live-code-0001',
      });
      const port = (first.server.address() as AddressInfo).port;
      const res = await fetch(
        `http://127.0.0.1:${port}/api/qris/v1/merchant/code/events?id=${made.body.id}`,
        {
          headers: { accept: 'text/event-stream', ...stall.owner.headers },
        },
      );
      expect(res.status).toBe(200);
      const events: { status: string; at: number }[] = [];
      let opened!: () => void;
      const firstEvent = new Promise<void>((r) => (opened = r));
      const reading = readEventStream(res.body!, (e) => {
        if (e.event !== 'code') return;
        events.push({ status: (JSON.parse(e.data) as { status: string }).status, at: Date.now() });
        opened();
      });
      await firstEvent;
      expect(events.map((e) => e.status)).toEqual(['open']);
      // Paid through the other app server (its own connection pool on PostgreSQL).
      const { who, source } = await payer(dbs.second);
      const paid = await payQris(second, dbs.second, who, made.body.payload, {
        sourceOfFund: String(source.id),
      });
      expect(paid.failed).toBeUndefined();
      const bookedAt = Date.now();
      await reading;
      expect(events.map((e) => e.status)).toEqual(['open', 'paid']);
      // Long before the next re-read (a minute away): the NOTIFY of the booking's transaction woke it.
      expect(events[1]!.at - bookedAt).toBeLessThan(5_000);
    });

    it("another customer cannot follow the merchant's code", async () => {
      const { who } = await payer(dbs.first);
      const { rows } = await dbs.first.query<{ id: number }>('SELECT id FROM qris_codes ORDER BY id LIMIT 1');
      const port = (first.server.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/api/qris/v1/merchant/code/events?id=${rows[0]!.id}`, {
        headers: { accept: 'text/event-stream', ...who.headers },
      });
      expect(res.status).toBe(404);
    });
  },
);
