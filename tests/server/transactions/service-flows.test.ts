import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { loadFlowsFromDisk, projectFolders } from '../../../src/shared/flows/load-node';
import { projectCopy } from '../../kit';
import { serviceFlowFiles, serviceFlowStrings } from './service-flow-fixtures';
import {
  customerWithSession,
  insertAccount,
  latestCode,
  post,
  testDbs,
  transact,
  unbalancedJournals,
  useTestApp,
} from '../../kit';

const copy = projectCopy({ files: serviceFlowFiles, strings: serviceFlowStrings });
afterAll(() => copy.remove());

const count = async (db: Db, sql: string, params: unknown[] = []) =>
  Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`, params)).rows[0]!.n);

describe('flows that move no money', () => {
  it('pass the check with "service" instead of amount and posting, and not with both or neither', () => {
    expect(loadFlowsFromDisk(projectFolders(copy.root)).problems).toEqual([]);
    const both = projectCopy({
      files: {
        ...serviceFlowFiles,
        'flows/card/block-test.json': {
          ...serviceFlowFiles['flows/card/block-test.json'],
          amount: { from: 'form.card' },
        },
        'flows/service/letter-test.json': {
          ...serviceFlowFiles['flows/service/letter-test.json'],
          service: undefined,
        },
      },
      strings: serviceFlowStrings,
    });
    try {
      const { problems } = loadFlowsFromDisk(projectFolders(both.root));
      expect(problems).toContainEqual(
        expect.objectContaining({ file: 'flows/card/block-test.json', path: '$.service' }),
      );
      expect(problems).toContainEqual(
        expect.objectContaining({
          file: 'flows/service/letter-test.json',
          path: '$',
          message: expect.stringMatching(/needs both "amount" and "posting".*"service" instead/),
        }),
      );
    } finally {
      both.remove();
    }
  });

  describe.each(testDbs)('on $name', (engine) => {
    let db: Db;
    let app: FastifyInstance;
    const t = useTestApp({ engine, demo: false, env: { FLOWS_ROOT: copy.root } });
    beforeAll(async () => {
      ({ app, db } = t);
      await app.ready();
    }, 60_000);

    it('blocks a card: verified by OTP, a receipt with no amount, the state changed with a record and no ledger entries', async () => {
      const c = await customerWithSession(db);
      const card = await insertAccount(db, c.customerId, {
        product: 'credit_card',
        balance: 0,
        floor: -1_000_000_000,
        name: 'Kartu Kredit',
      });
      const fd = await post(app, '/api/transaction/v1/formdata', c.headers, { flowId: 'card.blocktest' });
      expect(fd.body.choices.card.map((o: { value: string }) => o.value)).toEqual([String(card.id)]);
      const form = { card: String(card.id), reason: 'lost' };
      const journalsBefore = await count(db, 'journal');
      const { inquiry, receipt } = await transact(app, db, c, 'card.blocktest', form, 'block-card-1');
      expect(inquiry.status).toBe(200);
      expect(inquiry.body.amount).toBeUndefined();
      expect(inquiry.body.total).toBeUndefined();
      expect(inquiry.body.fees).toEqual([]);
      expect(inquiry.body.details.previousStatus).toBe('active');
      expect(receipt.status).toBe(200);
      expect(receipt.body).toMatchObject({ status: 'success', flowId: 'card.blocktest' });
      expect(receipt.body.referenceNo).toMatch(/^\d{16}$/);
      expect(receipt.body.amount).toBeUndefined();
      expect(receipt.body.details.newStatus).toBe('blocked');
      const { rows } = await db.query<{ status: string }>('SELECT status FROM accounts WHERE id = $1', [
        card.id,
      ]);
      expect(rows[0]!.status).toBe('blocked');
      expect(await count(db, 'journal')).toBe(journalsBefore + 1);
      expect(
        await count(db, 'ledger_entries e JOIN journal j ON j.id = e.journal_id WHERE j.reference_no = $1', [
          receipt.body.referenceNo,
        ]),
      ).toBe(0);
      expect(await unbalancedJournals(db)).toBe(0);
      // The same key answers the same receipt (with the executor's details), books nothing more.
      const again = await post(app, '/api/transaction/v1/confirm', c.headers, {
        inquiryId: inquiry.body.inquiryId,
        idempotencyKey: 'block-card-1',
      });
      expect(again.status).toBe(200);
      expect(again.body.referenceNo).toBe(receipt.body.referenceNo);
      expect(again.body.details.newStatus).toBe('blocked');
      expect(await count(db, 'journal')).toBe(journalsBefore + 1);
      // Blocked already: refused at inquiry on the field, in both languages.
      const twice = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: 'card.blocktest',
        form,
      });
      expect(twice.status).toBe(422);
      expect(twice.body.apierror).toMatchObject({ errorCode: 'STATUS_UNCHANGED' });
      expect(twice.body.apierror.errorMessageIdn).toMatch(/sudah diblokir/);
      expect(twice.body.apierror.errorMessageEng).toMatch(/already blocked/);
    });

    it('offers the companion app a summary with no amount', async () => {
      const c = await customerWithSession(db);
      const card = await insertAccount(db, c.customerId, { product: 'credit_card', balance: 0, floor: -1 });
      const inquiry = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: 'card.blocktest',
        form: { card: String(card.id), reason: 'stolen' },
      });
      const ver = await post(app, '/api/transaction/v1/verification', c.headers, {
        inquiryId: inquiry.body.inquiryId,
        method: 'approval',
      });
      expect(ver.status).toBe(200);
      const { rows } = await db.query<{ summary: Record<string, unknown> }>(
        'SELECT summary FROM approval_requests WHERE inquiry_id = $1',
        [inquiry.body.inquiryId],
      );
      const summary = rows[0]!.summary as { amount?: unknown; total?: unknown; rows: { valueIdn: string }[] };
      expect(summary.amount).toBeUndefined();
      expect(summary.total).toBeUndefined();
      expect(summary.rows.map((r) => r.valueIdn)).toContain('Dicuri');
    });

    it('records a request once: a second one while the first is open is refused, and a confirm that loses the race writes nothing', async () => {
      const c = await customerWithSession(db);
      const form = { language: 'en' };
      // Two inquiries quoted before either is confirmed.
      const first = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: 'service.lettertest',
        form,
      });
      const second = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: 'service.lettertest',
        form,
      });
      expect([first.status, second.status]).toEqual([200, 200]);
      const confirmWithOtp = async (inquiryId: string, key: string) => {
        await post(app, '/api/transaction/v1/verification', c.headers, { inquiryId, method: 'otp' });
        return post(app, '/api/transaction/v1/confirm', c.headers, {
          inquiryId,
          idempotencyKey: key,
          otp: await latestCode(db, c.phone),
        });
      };
      const ok = await confirmWithOtp(first.body.inquiryId, 'letter-1');
      expect(ok.status).toBe(200);
      expect(ok.body.details.requestStatus).toBe('received');
      expect(await count(db, 'service_requests WHERE customer_id = $1', [c.customerId])).toBe(1);
      const journals = await count(db, 'journal WHERE customer_id = $1', [c.customerId]);
      const lost = await confirmWithOtp(second.body.inquiryId, 'letter-2');
      expect(lost.status).toBe(409);
      expect(lost.body.apierror).toMatchObject({
        errorCode: 'REQUEST_IN_PROGRESS',
        errorTitleIdn: 'Permintaan sedang diproses',
      });
      expect(await count(db, 'journal WHERE customer_id = $1', [c.customerId])).toBe(journals);
      expect(await count(db, 'service_requests WHERE customer_id = $1', [c.customerId])).toBe(1);
      // The code was not used up by the refused confirm.
      const { rows } = await db.query<{ consumed_at: unknown }>(
        `SELECT o.consumed_at FROM otp_requests o JOIN transaction_inquiries i ON i.otp_request_id = o.request_id
          WHERE i.id = $1`,
        [second.body.inquiryId],
      );
      expect(rows[0]!.consumed_at).toBeNull();
      // A new inquiry now is refused at once.
      const third = await post(app, '/api/transaction/v1/inquiry', c.headers, {
        flowId: 'service.lettertest',
        form,
      });
      expect(third.status).toBe(409);
    });
  });
});
