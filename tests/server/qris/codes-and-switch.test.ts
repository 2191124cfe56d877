import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { loadCatalog } from '../../../src/server/transactions/catalog';
import { settleDuePayments } from '../../../src/server/transactions/settlement';
import { serverRegistry } from '../../../src/server/domains';
import { dynamicPayload, merchantByMid } from '../../../src/server/qris/merchants';
import { balanceOf, testDbs, unbalancedJournals, useTestApp } from '../../kit';
import {
  DOCS_STATIC,
  internalBalance,
  journalCount,
  kopiSantoso,
  offUsCode,
  payer,
  payQris,
  readCode,
  resigned,
} from './qris-fixtures';

describe.each(testDbs)('QRIS: bad codes, tip kinds and the switch (off us), on $name', (engine) => {
  const t = useTestApp({ engine, settlementIntervalMs: 0 });
  let db: Db;
  let app: FastifyInstance;
  const catalog = loadCatalog();
  beforeAll(async () => {
    ({ db, app } = t);
    await kopiSantoso(db);
  }, 60_000);
  afterAll(() => {
    delete process.env.QRIS_SWITCH_PENDING_MS;
  });

  const journalOf = async (referenceNo: string) =>
    (
      await db.query<{
        id: number;
        status: string;
        details: { receipt: { details: Record<string, unknown> } };
      }>('SELECT id, status, details FROM journal WHERE reference_no = $1', [referenceNo])
    ).rows[0]!;
  const makeDue = (journalId: number) =>
    db.query('UPDATE pending_settlements SET next_check_at = now() WHERE journal_id = $1', [journalId]);

  it('refuses every bad code on the code field, in both languages, and books nothing', async () => {
    const stall = (await merchantByMid(db, 'OCTO0082731'))!;
    const neverIssued = dynamicPayload(stall, { amount: 10_000_00, referenceLabel: 'OCTO0082731-999999' });
    const table: [string, string, number][] = [
      // one character changed, the CRC left as it was
      [DOCS_STATIC.replace('Kopi Santoso', 'Kopi Sant0so'), 'CRC_MISMATCH', 422],
      ['https://example.com/pay?id=123', 'NOT_QRIS', 422],
      [resigned(DOCS_STATIC, (b) => b.replace('5303360', '5303840')), 'CURRENCY_NOT_IDR', 422],
      [resigned(DOCS_STATIC, (b) => b.replace('5303360', '5303360540515000')), 'AMOUNT_IN_STATIC', 422],
      [resigned(DOCS_STATIC, (b) => b.replaceAll('OCTO0082731', 'OCTO0099999')), 'MERCHANT_UNKNOWN', 422],
      [neverIssued, 'CODE_UNKNOWN', 422],
    ];
    const { who, source } = await payer(db);
    const n = await journalCount(db);
    for (const [payload, code, status] of table) {
      const r = await readCode(app, who, payload);
      expect(r.status, code).toBe(status);
      expect(r.body.apierror).toMatchObject({ sourceSystem: 'QRIS', errorCode: code });
      const { errorTitleEng, errorTitleIdn, errorMessageEng, errorMessageIdn } = r.body.apierror;
      for (const text of [errorTitleEng, errorTitleIdn, errorMessageEng, errorMessageIdn])
        expect(text).toBeTruthy();
      expect(errorTitleEng).not.toBe(errorTitleIdn);
      expect(r.body.apierror.fields['/form/payload']).toEqual({ eng: errorTitleEng, idn: errorTitleIdn });
    }
    expect(await journalCount(db)).toBe(n);
    expect(await balanceOf(db, source.id)).toBe(50_000_000_00);
  });

  it('a fixed convenience fee is added as the code says; a percentage is computed in sen, half a sen up', async () => {
    const { who, source } = await payer(db);
    const fixed = await payQris(
      app,
      db,
      who,
      offUsCode('1234', { tip: { kind: 'fixed', fee: { amount: 2_000_00, currency: 'IDR' } } }),
      {
        sourceOfFund: String(source.id),
        amount: 30_000_00,
        tip: 99_00, // typed, but the code's fee is what is paid
      },
    );
    expect(fixed.step!.body.details).toMatchObject({ tipKind: 'fixed', tipFee: 2_000_00, onUs: false });
    expect(fixed.inquiry!.body.details).toMatchObject({
      purchaseAmount: 30_000_00,
      tip: 2_000_00,
      total: 32_000_00,
    });
    expect(fixed.receipt!.body.status).toBe('success');
    // 2.5 % of Rp 45.555 is Rp 1.138,875: Rp 1.138,88 in whole sen.
    const percent = await payQris(
      app,
      db,
      who,
      offUsCode('1235', { amount: 45_555_00, tip: { kind: 'percent', basisPoints: 250 } }),
      {
        sourceOfFund: String(source.id),
      },
    );
    expect(percent.step!.body.details).toMatchObject({
      tipKind: 'percent',
      tipPercent: '2.5%',
      codeAmount: 45_555_00,
    });
    expect(percent.inquiry!.body.details).toMatchObject({ tip: 1_138_88, total: 46_693_88 });
    expect(percent.receipt!.body.status).toBe('success');
    expect(percent.receipt!.body.details.switchReference).toMatch(/^\d{12}$/);
    expect(await balanceOf(db, source.id)).toBe(50_000_000_00 - 32_000_00 - 46_693_88);
    // Off us: the money goes to the switch's settlement account; no merchant of ours is credited.
    expect(await internalBalance(db, 'SETTLEMENT-QRIS')).toBe(32_000_00 + 46_693_88);
    const { rows } = await db.query('SELECT 1 FROM merchant_transactions WHERE channel = $1', ['qris']);
    expect(rows).toHaveLength(0);
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('off us in progress: the money is held, then settled by the settlement checks', async () => {
    const { who, source } = await payer(db);
    const settlementBefore = await internalBalance(db, 'SETTLEMENT-QRIS');
    const { receipt } = await payQris(app, db, who, offUsCode('2018'), {
      sourceOfFund: String(source.id),
      amount: 75_000_00,
    });
    expect(receipt!.body.status).toBe('pending');
    expect(receipt!.body.error).toMatchObject({ sourceSystem: 'QRIS', errorCode: '68' });
    expect(receipt!.body.details.qrisReference).toMatch(/^\d{12}$/);
    const j = await journalOf(receipt!.body.referenceNo);
    expect(j.status).toBe('pending');
    expect(await balanceOf(db, source.id)).toBe(50_000_000_00 - 75_000_00);
    expect(await internalBalance(db, 'SETTLEMENT-QRIS')).toBe(settlementBefore + 75_000_00);
    process.env.QRIS_SWITCH_PENDING_MS = '0';
    await makeDue(j.id);
    expect(await settleDuePayments(db, catalog, serverRegistry())).toMatchObject({ success: 1 });
    expect((await journalOf(receipt!.body.referenceNo)).status).toBe('success');
    expect(await balanceOf(db, source.id)).toBe(50_000_000_00 - 75_000_00);
    delete process.env.QRIS_SWITCH_PENDING_MS;
  });

  it('off us refused, at once or after being in progress: the money is given back', async () => {
    const { who, source } = await payer(db);
    const settlementBefore = await internalBalance(db, 'SETTLEMENT-QRIS');
    const now = await payQris(app, db, who, offUsCode('0500'), {
      sourceOfFund: String(source.id),
      amount: 12_000_00,
    });
    expect(now.receipt!.body.status).toBe('failed');
    expect(now.receipt!.body.error).toMatchObject({ sourceSystem: 'QRIS', errorCode: '05' });
    expect(await balanceOf(db, source.id)).toBe(50_000_000_00);

    const later = await payQris(app, db, who, offUsCode('2066'), {
      sourceOfFund: String(source.id),
      amount: 12_000_00,
    });
    expect(later.receipt!.body.status).toBe('pending');
    expect(await balanceOf(db, source.id)).toBe(50_000_000_00 - 12_000_00);
    process.env.QRIS_SWITCH_PENDING_MS = '0';
    const j = await journalOf(later.receipt!.body.referenceNo);
    await makeDue(j.id);
    expect(await settleDuePayments(db, catalog, serverRegistry())).toMatchObject({ failed: 1 });
    expect((await journalOf(later.receipt!.body.referenceNo)).status).toBe('failed');
    expect(await balanceOf(db, source.id)).toBe(50_000_000_00);
    expect(await internalBalance(db, 'SETTLEMENT-QRIS')).toBe(settlementBefore);
    expect(await unbalancedJournals(db)).toBe(0);
    delete process.env.QRIS_SWITCH_PENDING_MS;
  });

  it('off us with no answer (a time-out): held, asked again and paid', async () => {
    const { who, source } = await payer(db);
    const { receipt } = await payQris(app, db, who, offUsCode('0504'), {
      sourceOfFund: String(source.id),
      amount: 8_000_00,
    });
    expect(receipt!.body.status).toBe('pending');
    const j = await journalOf(receipt!.body.referenceNo);
    await makeDue(j.id);
    expect(await settleDuePayments(db, catalog, serverRegistry())).toMatchObject({ success: 1 });
    expect(await balanceOf(db, source.id)).toBe(50_000_000_00 - 8_000_00);
  });
});
