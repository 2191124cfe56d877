import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { bankDate, formatBankDay } from '../../../src/shared/bank-time';
import { runDueInstructions } from '../../../src/server/schedules/scheduler';
import { ledgerRunner } from '../../../src/server/schedules/runner';
import { loadCatalog } from '../../../src/server/transactions/catalog';
import { serverRegistry } from '../../../src/server/domains';
import {
  balanceOf,
  bothEngines,
  type Customer,
  customerWithSession,
  insertAccount,
  latestCode,
  post,
  quoteAndSendOtp,
  transact,
  upload,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;
const HEADER = 'account_no,bank_code,method,beneficiary_name,amount,purpose,message';
const FLOW = 'mytransaction.deletescheduled';

// A mass transfer scheduled on a date is one entry of /mytransaction/: deleted as a whole through the
// delete-scheduled flow (verified once), every transfer of it at once or none. Both engines: the
// cancel locks the batch's instructions against the scheduler.
describe.each(bothEngines)('deleting a scheduled mass transfer as a whole on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  const t = useTestApp({ engine, settlementIntervalMs: 0, schedulerIntervalMs: 0 });
  beforeAll(async () => {
    ({ app, db } = t);
  }, 60_000);

  /** A customer's two-row mass transfer scheduled on a date, verified by OTP: its batch id. */
  async function scheduledBatch(c: Customer, source: { id: number }, date: string) {
    const other = await customerWithSession(db);
    const b1 = await insertAccount(db, other.customerId, { balance: 0 });
    const b2 = await insertAccount(db, other.customerId, { balance: 0 });
    const up = await upload(
      app,
      '/api/masstransfer/v1/upload',
      c.headers,
      { sourceOfFund: String(source.id) },
      {
        name: 'batch.csv',
        type: 'text/csv',
        bytes: Buffer.from(
          [HEADER, `${b1.accountNo},,,,100000,family,`, `${b2.accountNo},,,,200000,family,`].join('\n'),
        ),
      },
    );
    const batchId = up.body.batchId as string;
    await post(app, '/api/batch/v1/verification', c.headers, { batchId, method: 'otp', date });
    const done = await post(app, '/api/batch/v1/confirm', c.headers, {
      batchId,
      otp: await latestCode(db, c.phone),
    });
    expect(done.body.status, JSON.stringify(done.body)).toBe('scheduled');
    return batchId;
  }
  const instructions = async (batchId: string) =>
    (
      await db.query<{ status: string }>(
        'SELECT status FROM scheduled_transfers WHERE mass_batch_id = $1 ORDER BY id',
        [batchId],
      )
    ).rows.map((r) => r.status);

  it('lists the batch once among what can be deleted, and one verified delete cancels every transfer of it', async () => {
    const c = await customerWithSession(db);
    const source = await insertAccount(db, c.customerId, { balance: rp(10_000_000) });
    const date = bankDate(new Date(), 2);
    const batchId = await scheduledBatch(c, source, date);

    const fd = await post(app, '/api/transaction/v1/formdata', c.headers, { flowId: FLOW });
    const option = (
      fd.body.choices.instruction as { value: string; labelEng: string; labelIdn: string }[]
    ).find((o) => o.value === `batch:${batchId}`);
    expect(option).toMatchObject({
      labelEng: `Mass transfer · 2 transfers · IDR 300,000 · on ${formatBankDay(date, 'en')}`,
      labelIdn: `Transfer massal · 2 transaksi · Rp 300.000 · pada ${formatBankDay(date, 'id')}`,
    });
    // Its rows are not offered one by one.
    expect(fd.body.choices.instruction).toHaveLength(1);

    const { inquiry, receipt } = await transact(app, db, c, FLOW, { instruction: `batch:${batchId}` });
    expect(inquiry.status, JSON.stringify(inquiry.body)).toBe(200);
    expect(inquiry.body.details).toMatchObject({
      beneficiaryName: { eng: 'Mass transfer: 2 recipients', idn: 'Transfer massal: 2 penerima' },
      currentAmount: { amount: rp(300_000), currency: 'IDR' },
      nextRunDate: date,
    });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect(receipt.body.details).toMatchObject({
      instructionStatus: 'cancelled',
      instructionsCancelled: '2',
    });
    expect(await instructions(batchId)).toEqual(['cancelled', 'cancelled']);
    const list = await post(app, '/api/schedule/v1/list', c.headers, {});
    expect(list.body.instructions).toEqual([
      expect.objectContaining({ id: batchId, mass: true, status: 'cancelled' }),
    ]);
    expect((await post(app, '/api/batch/v1/edit', c.headers, { batchId })).status).toBe(404);

    // Its day comes: nothing runs, nothing is taken.
    await db.query(
      `UPDATE scheduled_transfers SET next_run_at = now() - interval '1 minute' WHERE mass_batch_id = $1`,
      [batchId],
    );
    const deps = { runner: ledgerRunner(db, loadCatalog(), serverRegistry()), notify: async () => undefined };
    expect(await runDueInstructions(db, deps)).toMatchObject({ success: 0, failed: 0 });
    expect(await balanceOf(db, source.id)).toBe(rp(10_000_000));
    // Asked again, refused on the field in both languages.
    const again = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: FLOW,
      form: { instruction: `batch:${batchId}` },
    });
    expect(again.status).toBe(422);
    expect(again.body.apierror).toMatchObject({ errorCode: 'SCHEDULE_NOT_FOUND' });
    expect(again.body.apierror.fields['/form/instruction']).toBeDefined();
  });

  it('deletes none of it when one of its transfers changed after the inquiry, nor another customer’s batch', async () => {
    const c = await customerWithSession(db);
    const source = await insertAccount(db, c.customerId, { balance: rp(10_000_000) });
    const batchId = await scheduledBatch(c, source, bankDate(new Date(), 3));
    const { inquiry, confirm } = await quoteAndSendOtp(app, db, c, FLOW, { instruction: `batch:${batchId}` });
    expect(inquiry.status).toBe(200);
    // One of its rows is being run (or was edited) meanwhile.
    await db.query(
      `UPDATE scheduled_transfers SET version = version + 1
        WHERE id = (SELECT min(id) FROM scheduled_transfers WHERE mass_batch_id = $1)`,
      [batchId],
    );
    const refused = await post(app, '/api/transaction/v1/confirm', c.headers, {
      inquiryId: confirm!.inquiryId,
      otp: confirm!.otp,
      idempotencyKey: `batch-race-${batchId}`,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.apierror.errorCode).toBe('SCHEDULE_CHANGED');
    expect(await instructions(batchId)).toEqual(['active', 'active']);

    const stranger = await customerWithSession(db);
    const theirs = await post(app, '/api/transaction/v1/inquiry', stranger.headers, {
      flowId: FLOW,
      form: { instruction: `batch:${batchId}` },
    });
    expect(theirs.status).toBe(422);
    expect(theirs.body.apierror.errorCode).toBe('SCHEDULE_NOT_FOUND');
    expect(await instructions(batchId)).toEqual(['active', 'active']);
  });
});
