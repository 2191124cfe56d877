import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { decodeQris } from '../../../src/shared/qris';
import { balanceOf, latestCode, post, setLimits, testDbs, unbalancedJournals, useTestApp } from '../../kit';
import {
  DOCS_STATIC,
  internalBalance,
  journalCount,
  kopiSantoso,
  payer,
  payQris,
  readCode,
} from './qris-fixtures';

describe.each(testDbs)(
  'QRIS on us: a merchant of this bank, paid in the booking itself, on $name',
  (engine) => {
    const t = useTestApp({ engine, settlementIntervalMs: 0 });
    let db: Db;
    let app: FastifyInstance;
    let stall: Awaited<ReturnType<typeof kopiSantoso>>;
    beforeAll(async () => {
      ({ db, app } = t);
      stall = await kopiSantoso(db);
    }, 60_000);

    const sales = async (journalId?: number) =>
      (
        await db.query<{
          reference_no: string;
          amount: number;
          fee: number;
          payer: string;
          journal_id: number;
        }>(
          `SELECT reference_no, amount, fee, payer, journal_id FROM merchant_transactions
          WHERE merchant_id = $1 AND ($2::bigint IS NULL OR journal_id = $2) ORDER BY id`,
          [stall.merchantId, journalId ?? null],
        )
      ).rows;
    const journalOf = async (referenceNo: string) =>
      (
        await db.query<{ id: number; status: string }>(
          'SELECT id, status FROM journal WHERE reference_no = $1',
          [referenceNo],
        )
      ).rows[0]!;

    it("the docs' static sample reads as Kopi Santoso's, on us, with a tip the customer types", async () => {
      const { who } = await payer(db);
      const step = await readCode(app, who, `  ${DOCS_STATIC}\n`);
      expect(step.status).toBe(200);
      expect(step.body.details).toMatchObject({
        merchantName: 'Kopi Santoso',
        merchantCity: 'JAKARTA SELATAN',
        nmid: 'ID1026000827310',
        mcc: '5814',
        initiation: 'static',
        amountKind: 'typed',
        tipKind: 'prompt',
        terminalLabel: 'A01',
        onUs: true,
      });
      // The merchant's page shows the same sticker (the seed's merchant makes the docs' payload).
      const overview = await post(app, '/api/qris/v1/merchant/overview', stall.owner.headers, {});
      expect(overview.status).toBe(200);
      expect(overview.body.merchant.staticPayload).toBe(DOCS_STATIC);
    });

    it('a static code with a typed amount and tip credits the merchant in the same journal, balanced; the sale is in My business at once', async () => {
      const { who, source } = await payer(db);
      const before = await balanceOf(db, stall.settlement.id);
      const { inquiry, receipt, failed } = await payQris(app, db, who, DOCS_STATIC, {
        sourceOfFund: String(source.id),
        amount: 45_555_00,
        tip: 5_000_00,
      });
      expect(failed).toBeUndefined();
      expect(inquiry!.body.amount).toEqual({ amount: 50_555_00, currency: 'IDR' });
      expect(inquiry!.body.details).toMatchObject({
        purchaseAmount: 45_555_00,
        tip: 5_000_00,
        total: 50_555_00,
      });
      expect(receipt!.body.status).toBe('success');
      const rrn = receipt!.body.details.qrisReference as string;
      expect(rrn).toMatch(/^\d{12}$/);
      expect(await balanceOf(db, source.id)).toBe(50_000_000_00 - 50_555_00);
      // 0.3 % MDR, half a sen up: 50.555 x 0.003 = 151,665 -> Rp 151,67.
      expect(await balanceOf(db, stall.settlement.id)).toBe(before + 50_555_00 - 15_167);
      expect(await internalBalance(db, 'SETTLEMENT-QRIS')).toBe(0);
      const j = await journalOf(receipt!.body.referenceNo);
      expect(j.status).toBe('success');
      const { rows: legs } = await db.query<{ account_id: number; amount: number }>(
        'SELECT account_id, amount FROM ledger_entries WHERE journal_id = $1',
        [j.id],
      );
      expect(
        legs.some(
          (l) => Number(l.account_id) === stall.settlement.id && Number(l.amount) === 50_555_00 - 15_167,
        ),
      ).toBe(true);
      expect(legs.reduce((s, l) => s + Number(l.amount), 0)).toBe(0);
      expect(await unbalancedJournals(db)).toBe(0);
      expect(await sales(j.id)).toEqual([
        { reference_no: rrn, amount: 50_555_00, fee: 15_167, payer: 'Internet Banking', journal_id: j.id },
      ]);
      const summary = await post(app, '/api/merchant/v1/summary', stall.owner.headers, {});
      expect(summary.body.merchants[0].recent[0]).toMatchObject({ referenceNo: rrn, channel: 'qris' });
      // Nothing waits for a switch: a merchant of ours is paid at once.
      const { rows: queued } = await db.query('SELECT 1 FROM pending_settlements WHERE journal_id = $1', [
        j.id,
      ]);
      expect(queued).toHaveLength(0);
    });

    it('a static code needs a typed amount; a tip typed for a code without a tip prompt is not taken', async () => {
      const { who, source } = await payer(db);
      const n = await journalCount(db);
      const none = await payQris(app, db, who, DOCS_STATIC, { sourceOfFund: String(source.id) });
      expect(none.failed!.status).toBe(400);
      const forged = await payQris(app, db, who, DOCS_STATIC, {
        sourceOfFund: String(source.id),
        amountKind: 'fixed',
      });
      expect(forged.failed!.status).toBe(422);
      expect(forged.failed!.body.apierror.errorCode).toBe('AMOUNT_REQUIRED');
      expect(forged.failed!.body.apierror.fields['/form/amount']).toMatchObject({
        idn: 'Masukkan nominal pembayaran',
      });
      expect(await journalCount(db)).toBe(n);
    });

    it('a dynamic code made in My business is paid once at its own amount; the merchant sees it paid with the same reference', async () => {
      const made = await post(app, '/api/qris/v1/merchant/code/create', stall.owner.headers, {
        merchantId: String(stall.merchantId),
        amount: 45_500_00,
        billNumber: 'KS-20261204-0017',
        idempotencyKey: 'take-payment-0001',
      });
      expect(made.status).toBe(200);
      expect(made.body).toMatchObject({ status: 'open', amount: 45_500_00, billNumber: 'KS-20261204-0017' });
      const again = await post(app, '/api/qris/v1/merchant/code/create', stall.owner.headers, {
        merchantId: String(stall.merchantId),
        amount: 45_500_00,
        idempotencyKey: 'take-payment-0001',
      });
      expect(again.body.id).toBe(made.body.id);
      const read = decodeQris(made.body.payload as string);
      expect(read.ok && read.qris.amount).toEqual({ amount: 45_500_00, currency: 'IDR' });
      expect(new Date(made.body.expiresAt).getTime() - new Date(made.body.createdAt).getTime()).toBe(
        15 * 60_000,
      );

      const first = await payer(db);
      const second = await payer(db);
      // Both customers read the code before either pays.
      const step2 = await readCode(app, second.who, made.body.payload);
      expect(step2.body.details).toMatchObject({
        amountKind: 'fixed',
        codeAmount: 45_500_00,
        billNumber: 'KS-20261204-0017',
      });
      const paid = await payQris(app, db, first.who, made.body.payload, {
        sourceOfFund: String(first.source.id),
        amount: 1_00, // a typed amount is not the code's: the code's stands
      });
      expect(paid.failed).toBeUndefined();
      expect(paid.inquiry!.body.amount.amount).toBe(45_500_00);
      const status = await post(app, '/api/qris/v1/merchant/code/status', stall.owner.headers, {
        id: made.body.id,
      });
      expect(status.body).toMatchObject({
        status: 'paid',
        saleReference: paid.receipt!.body.details.qrisReference,
      });

      // Paid twice: refused when read, and at confirm for an inquiry quoted before the first payment.
      const n = await journalCount(db);
      const twice = await readCode(app, second.who, made.body.payload);
      expect(twice.status).toBe(409);
      expect(twice.body.apierror).toMatchObject({
        sourceSystem: 'QRIS',
        errorCode: 'CODE_PAID',
        errorTitleIdn: 'Kode ini sudah dibayar',
      });
      const late = await post(app, '/api/transaction/v1/inquiry', second.who.headers, {
        flowId: 'qris.pay',
        form: { sourceOfFund: String(second.source.id), amountKind: 'fixed', tipKind: 'none' },
        stepToken: step2.body.stepToken,
      });
      expect(late.status).toBe(409);
      expect(await journalCount(db)).toBe(n);
      expect(await balanceOf(db, second.source.id)).toBe(50_000_000_00);
    });

    it('a dynamic code quoted before it was paid is refused at confirm, nothing booked and the OTP unused', async () => {
      const made = await post(app, '/api/qris/v1/merchant/code/create', stall.owner.headers, {
        merchantId: String(stall.merchantId),
        amount: 20_000_00,
        idempotencyKey: 'take-payment-0002',
      });
      const a = await payer(db);
      const b = await payer(db);
      const stepB = await readCode(app, b.who, made.body.payload);
      const inqB = await post(app, '/api/transaction/v1/inquiry', b.who.headers, {
        flowId: 'qris.pay',
        form: { sourceOfFund: String(b.source.id), amountKind: 'fixed', tipKind: 'none' },
        stepToken: stepB.body.stepToken,
      });
      expect(inqB.status).toBe(200);
      expect(
        (await payQris(app, db, a.who, made.body.payload, { sourceOfFund: String(a.source.id) })).failed,
      ).toBeUndefined();
      const ver = await post(app, '/api/transaction/v1/verification', b.who.headers, {
        inquiryId: inqB.body.inquiryId,
        method: 'otp',
      });
      const n = await journalCount(db);
      const had = (await sales()).length;
      const confirm = await post(app, '/api/transaction/v1/confirm', b.who.headers, {
        inquiryId: inqB.body.inquiryId,
        idempotencyKey: 'qris-late-confirm-1',
        otp: await latestCode(db, b.who.phone),
        otpRequestId: ver.body.otp.requestId,
      });
      expect(confirm.status).toBe(409);
      expect(confirm.body.apierror.errorCode).toBe('CODE_PAID');
      // The code was not used up: the same confirm again is refused for the same reason, not the OTP.
      const again = await post(app, '/api/transaction/v1/confirm', b.who.headers, {
        inquiryId: inqB.body.inquiryId,
        idempotencyKey: 'qris-late-confirm-1',
        otp: await latestCode(db, b.who.phone),
        otpRequestId: ver.body.otp.requestId,
      });
      expect(again.body.apierror.errorCode).toBe('CODE_PAID');
      expect(await journalCount(db)).toBe(n);
      expect(await balanceOf(db, b.source.id)).toBe(50_000_000_00);
      expect(await sales()).toHaveLength(had);
      expect(await unbalancedJournals(db)).toBe(0);
    });

    it('a cancelled code and an expired one are refused, in both languages, with nothing booked', async () => {
      const make = async (key: string) =>
        (
          await post(app, '/api/qris/v1/merchant/code/create', stall.owner.headers, {
            merchantId: String(stall.merchantId),
            amount: 10_000_00,
            idempotencyKey: key,
          })
        ).body;
      const cancelled = await make('take-payment-0003');
      const c = await post(app, '/api/qris/v1/merchant/code/cancel', stall.owner.headers, {
        id: cancelled.id,
      });
      expect(c.body.status).toBe('cancelled');
      expect(
        (await post(app, '/api/qris/v1/merchant/code/cancel', stall.owner.headers, { id: cancelled.id }))
          .status,
      ).toBe(409);
      const expired = await make('take-payment-0004');
      await db.query(`UPDATE qris_codes SET expires_at = now() - interval '1 second' WHERE id = $1`, [
        Number(expired.id),
      ]);
      expect(
        (await post(app, '/api/qris/v1/merchant/code/status', stall.owner.headers, { id: expired.id })).body
          .status,
      ).toBe('expired');
      const { who, source } = await payer(db);
      const n = await journalCount(db);
      for (const [code, errorCode] of [
        [cancelled, 'CODE_CANCELLED'],
        [expired, 'CODE_EXPIRED'],
      ] as const) {
        const r = await payQris(app, db, who, code.payload, { sourceOfFund: String(source.id) });
        expect(r.failed!.status).toBe(409);
        expect(r.failed!.body.apierror.errorCode).toBe(errorCode);
        expect(r.failed!.body.apierror.fields['/form/payload'].eng).toBeTruthy();
        expect(r.failed!.body.apierror.fields['/form/payload'].idn).toBeTruthy();
      }
      expect(await journalCount(db)).toBe(n);
      // Another customer's code is not the merchant's to see.
      expect(
        (await post(app, '/api/qris/v1/merchant/code/status', who.headers, { id: cancelled.id })).status,
      ).toBe(404);
    });

    it('QRIS allows at most Rp 10.000.000 (amount and tip); the customer’s own payment limits apply too', async () => {
      const { who, source } = await payer(db);
      const n = await journalCount(db);
      const over = await payQris(app, db, who, DOCS_STATIC, {
        sourceOfFund: String(source.id),
        amount: 10_000_000_00,
        tip: 1,
      });
      expect(over.failed!.status).toBe(422);
      expect(over.failed!.body.apierror.errorCode).toBe('AMOUNT_ABOVE_MAXIMUM');
      const atMax = await payQris(app, db, who, DOCS_STATIC, {
        sourceOfFund: String(source.id),
        amount: 10_000_000_00,
      });
      expect(atMax.failed).toBeUndefined();
      await setLimits(db, who.customerId, 'payment', 1_000_00, 100_000_00, 1_000_000_00);
      const own = await payQris(app, db, who, DOCS_STATIC, {
        sourceOfFund: String(source.id),
        amount: 100_001_00,
      });
      expect(own.failed!.status).toBe(422);
      expect(own.failed!.body.apierror.errorCode).toBe('AMOUNT_ABOVE_MAXIMUM');
      expect(await journalCount(db)).toBe(n + 1);
    });
  },
);
