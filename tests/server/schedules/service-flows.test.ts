import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { bankDate } from '../../../src/shared/bank-time';
import { createInstruction, type NewInstruction } from '../../../src/server/schedules/store';
import {
  type Customer,
  customerWithSession,
  insertAccount,
  insertCustomer,
  post,
  quoteAndSendOtp,
  testDbs,
  transact,
  uniquePhone,
  useTestApp,
} from '../../kit';

const rp = (n: number) => n * 100;
const inDays = (n: number) => bankDate(new Date(), n);

describe.each(testDbs)('delete-scheduled and edit-scheduled, verified, on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let c: Customer;
  let from: { id: number };
  let to: { accountNo: string };

  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
    c = await customerWithSession(db);
    from = await insertAccount(db, c.customerId, { balance: rp(1_000_000) });
    const other = await insertCustomer(db, { phones: [uniquePhone()] });
    to = await insertAccount(db, other.customerId, { balance: 0 });
  }, 60_000);

  const instruction = (when: NewInstruction['when'], customerId = c.customerId, amount = rp(50_000)) =>
    createInstruction(
      db,
      {
        customerId,
        flowId: 'transfer.samebank',
        form: {
          sourceOfFund: String(from.id),
          beneficiaryAccountNo: to.accountNo,
          purpose: 'family',
          amount,
        },
        summary: { beneficiaryName: 'ANI', beneficiaryAccountNo: to.accountNo },
        amount,
        currency: 'IDR',
        when,
      },
      bankDate(),
    );
  const row = async (id: number) =>
    (
      await db.query<{
        status: string;
        amount: number;
        kind: string;
        next_run_date: string | null;
        version: number;
        recurrence: unknown;
        max_runs: number | null;
      }>(
        `SELECT status, amount, kind, next_run_date::text AS next_run_date, version, recurrence, max_runs
           FROM scheduled_transfers WHERE id = $1`,
        [id],
      )
    ).rows[0]!;

  it('lists the customer’s running instructions as the choice, and deletes one through OTP with a receipt', async () => {
    const id = await instruction({ kind: 'date', date: inDays(3) });
    const fd = await post(app, '/api/transaction/v1/formdata', c.headers, {
      flowId: 'mytransaction.deletescheduled',
    });
    expect(fd.status).toBe(200);
    const option = fd.body.choices.instruction.find((o: { value: string }) => o.value === String(id));
    expect(option.labelEng).toMatch(/^ANI · .*50,000 · next /);
    expect(option.labelIdn).toMatch(/^ANI · .*50\.000 · berikutnya /);
    const { inquiry, receipt } = await transact(app, db, c, 'mytransaction.deletescheduled', {
      instruction: String(id),
    });
    expect(inquiry.status).toBe(200);
    expect(inquiry.body.details).toMatchObject({
      beneficiaryName: 'ANI',
      currentAmount: { amount: rp(50_000), currency: 'IDR' },
      nextRunDate: inDays(3),
    });
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ status: 'success', flowId: 'mytransaction.deletescheduled' });
    expect(receipt.body.referenceNo).toMatch(/^\d{16}$/);
    expect(receipt.body.details.instructionStatus).toBe('cancelled');
    expect((await row(id)).status).toBe('cancelled');
    // Gone from the choice, and a second delete is refused on the field in both languages.
    const after = await post(app, '/api/transaction/v1/formdata', c.headers, {
      flowId: 'mytransaction.deletescheduled',
    });
    expect(after.body.choices.instruction.map((o: { value: string }) => o.value)).not.toContain(String(id));
    const again = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'mytransaction.deletescheduled',
      form: { instruction: String(id) },
    });
    expect(again.status).toBe(422);
    expect(again.body.apierror).toMatchObject({ errorCode: 'SCHEDULE_NOT_FOUND' });
    expect(again.body.apierror.fields['/form/instruction'].idn).toMatch(/transfer terjadwal/i);
  });

  it('refuses to delete another customer’s instruction, and touches nothing', async () => {
    const stranger = await insertCustomer(db, { phones: [uniquePhone()] });
    const id = await instruction({ kind: 'date', date: inDays(3) }, stranger.customerId);
    const before = await row(id);
    const res = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'mytransaction.deletescheduled',
      form: { instruction: String(id) },
    });
    expect(res.status).toBe(422);
    expect(res.body.apierror.errorCode).toBe('SCHEDULE_NOT_FOUND');
    expect(res.body.apierror.errorMessageEng).toMatch(/no longer exists/);
    expect(res.body.apierror.errorMessageIdn).toMatch(/sudah tidak ada/);
    expect(await row(id)).toEqual(before);
  });

  it('an instruction that ran or changed after the inquiry is not deleted: the confirm is refused and the OTP stays unused', async () => {
    const id = await instruction({ kind: 'date', date: inDays(3) });
    const { inquiry, confirm } = await quoteAndSendOtp(app, db, c, 'mytransaction.deletescheduled', {
      instruction: String(id),
    });
    expect(inquiry.status).toBe(200);
    await db.query('UPDATE scheduled_transfers SET version = version + 1 WHERE id = $1', [id]);
    const res = await post(app, '/api/transaction/v1/confirm', c.headers, {
      inquiryId: confirm!.inquiryId,
      otp: confirm!.otp,
      idempotencyKey: `race-key-${id}`,
    });
    expect(res.body.apierror?.errorCode).toBe('SCHEDULE_CHANGED');
    expect(res.status).toBe(409);
    expect((await row(id)).status).toBe('active');
    const { rows } = await db.query('SELECT 1 FROM journal WHERE idempotency_key = $1', [`race-key-${id}`]);
    expect(rows).toHaveLength(0);
  });

  it('edits the amount and turns a dated transfer into a monthly one with a number of transfers, through OTP', async () => {
    const id = await instruction({ kind: 'date', date: inDays(3) });
    const form = {
      instruction: String(id),
      amount: rp(75_000),
      when: 'recurring',
      every: 'month',
      dayOfMonth: 'EOM',
      startDate: inDays(2),
      endKind: 'count',
      occurrences: 6,
    };
    const { inquiry, receipt } = await transact(app, db, c, 'mytransaction.editscheduled', form);
    expect(inquiry.status).toBe(200);
    expect(inquiry.body.details).toMatchObject({
      currentAmount: { amount: rp(50_000), currency: 'IDR' },
      newAmount: { amount: rp(75_000), currency: 'IDR' },
    });
    expect(receipt.status).toBe(200);
    expect(receipt.body.details.newNextRunDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const r = await row(id);
    expect(r).toMatchObject({
      status: 'active',
      amount: rp(75_000),
      kind: 'recurring',
      recurrence: { every: 'month', dayOfMonth: 'EOM' },
      max_runs: 6,
      next_run_date: receipt.body.details.newNextRunDate,
    });
  });

  it.each([
    ['a past date', { when: 'date', date: inDays(-1) }, '/form/date', /after today/, /setelah hari ini/],
    [
      'a bad rule',
      { when: 'recurring', every: 'week', startDate: inDays(2), endKind: 'count', occurrences: 3 },
      '/form/every',
      /how often/,
      /frekuensi/,
    ],
    [
      'a recurring transfer with no end',
      { when: 'recurring', every: 'day', interval: 7, startDate: inDays(2) },
      '/form/endDate',
      /end date or a number/,
      /tanggal akhir atau jumlah/,
    ],
  ])('refuses %s on its field in both languages, and changes nothing', async (_n, when, field, eng, idn) => {
    const id = await instruction({ kind: 'date', date: inDays(3) });
    const before = await row(id);
    const res = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'mytransaction.editscheduled',
      form: { instruction: String(id), amount: rp(80_000), ...when },
    });
    expect(res.status).toBe(422);
    expect(res.body.apierror.errorCode).toBe('INVALID_SCHEDULE');
    expect(res.body.apierror.fields[field].eng).toMatch(eng);
    expect(res.body.apierror.fields[field].idn).toMatch(idn);
    expect(await row(id)).toEqual(before);
  });

  it('refuses to edit another customer’s instruction', async () => {
    const stranger = await insertCustomer(db, { phones: [uniquePhone()] });
    const id = await instruction({ kind: 'date', date: inDays(3) }, stranger.customerId);
    const before = await row(id);
    const res = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'mytransaction.editscheduled',
      form: { instruction: String(id), amount: rp(1), when: 'date', date: inDays(4) },
    });
    expect(res.status).toBe(422);
    expect(res.body.apierror.fields['/form/instruction'].eng).toMatch(/active scheduled transfers/);
    expect(await row(id)).toEqual(before);
  });
});
