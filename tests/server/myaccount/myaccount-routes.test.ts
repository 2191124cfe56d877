import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import { PDFDocument } from 'pdf-lib';
import type { Db } from '../../../src/server/db/db';
import { seedDemo } from '../../../src/server/core-bank/seed';
import { seedMyAccount } from '../../../src/server/myaccount/seed';
import { minimumPayment, statementDates } from '../../../src/server/myaccount/cards';
import type { CardCycles, InvestmentHistoryPage, MyAccountOverview } from '../../../src/shared/myaccount';
import { openSession, testDbs, useTestApp } from '../../kit';

const today = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const daysAgo = (n: number) =>
  new Date(Date.now() + 7 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);

describe('card cycle rules', () => {
  it('bills 5% of the new balance, at least Rp 50.000, and never more than is owed', () => {
    expect(minimumPayment(0)).toBe(0);
    expect(minimumPayment(3_000_000)).toBe(3_000_000);
    expect(minimumPayment(60_000_000)).toBe(5_000_000);
    expect(minimumPayment(1_000_000_000)).toBe(50_000_000);
    expect(minimumPayment(123_456_789)).toBe(6_172_900);
  });
  it('closes a statement on the statement day of each month, this month once the day has come', () => {
    expect(statementDates(17, '2026-11-25', 3)).toEqual(['2026-11-17', '2026-10-17', '2026-09-17']);
    expect(statementDates(17, '2026-01-16', 2)).toEqual(['2025-12-17', '2025-11-17']);
    expect(statementDates(17, '2026-01-17', 1)).toEqual(['2026-01-17']);
  });
});

describe.each(testDbs)('my account API on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let budi: Record<string, string>;
  let sari: Record<string, string>;
  let andi: Record<string, string>;
  const post = (url: string, payload: unknown, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers });

  const t = useTestApp({
    engine,
    seed: async (db) => {
      await seedDemo(db);
      expect(await seedMyAccount(db)).toBe(true);
      expect(await seedMyAccount(db)).toBe(false);
    },
  });
  beforeAll(async () => {
    ({ app, db } = t);
    budi = (await openSession(db, 'budisantoso')).headers;
    sari = (await openSession(db, 'saridewi')).headers;
    andi = (await openSession(db, 'andiwijaya')).headers;
  });

  const overviewOf = async (h: Record<string, string>) => {
    const res = await post('/api/myaccount/v1/overview', {}, h);
    expect(res.statusCode).toBe(200);
    return res.json<MyAccountOverview>();
  };

  it('shows the full customer every product, the mobile-number account told apart', async () => {
    const o = await overviewOf(budi);
    expect(o.customer).toEqual({ hasCasa: true, ccOnly: false, supplementary: false });
    expect(o.accounts.filter((a) => a.rekpon).map((a) => [a.accountNo, a.phone])).toEqual([
      ['800100812345', '+6281234567890'],
    ]);
    expect(o.accounts.filter((a) => !a.rekpon)).toHaveLength(4);
    expect(o.accounts.find((a) => a.rekpon)?.balance).toEqual({ amount: 79_500_000, currency: 'IDR' });
    expect(o.creditCards.map((c) => [c.maskedNumber, c.status])).toEqual([['5481 17** **** 5678', 'active']]);
    expect(o.deposits).toHaveLength(1);
    expect(o.loans).toHaveLength(1);
    expect(o.mutualFunds.map((f) => f.code)).toEqual(['MF-BDUSD', 'MF-MONI2', 'MF-PCF', 'MF-SDP']);
    expect(o.bonds.map((b) => b.code)).toEqual(['FR0100', 'ORI025']);
    expect(o.insurance.map((p) => p.provider)).toEqual(['SLFI', 'AIA']);
    expect(o.gold?.grams).toBe('12.5000');
  });

  it('shows the credit-card-only and the supplementary holder their card alone', async () => {
    const s = await overviewOf(sari);
    expect(s.customer).toEqual({ hasCasa: false, ccOnly: true, supplementary: false });
    expect([s.accounts, s.deposits, s.mutualFunds, s.insurance]).toEqual([[], [], [], []]);
    expect(s.creditCards).toHaveLength(1);
    const a = await overviewOf(andi);
    expect(a.customer.supplementary).toBe(true);
    expect(a.creditCards.map((c) => c.supplementary)).toEqual([true]);
  });

  it('narrows an account history to a search and a direction', async () => {
    const o = await overviewOf(budi);
    const main = o.accounts.find((a) => a.accountNo === '800123456701')!;
    const res = await post(
      '/api/account/v1/history',
      { accountId: main.id, from: daysAgo(200), to: today(), search: 'bpjs' },
      budi,
    );
    expect(res.statusCode).toBe(200);
    const entries = res.json<{ entries: Array<{ description: string; type: string }> }>().entries;
    expect(entries.length).toBeGreaterThan(2);
    expect(entries.every((e) => e.description.includes('BPJS'))).toBe(true);
    const credits = await post(
      '/api/account/v1/history',
      { accountId: main.id, from: daysAgo(200), to: today(), direction: 'credit' },
      budi,
    );
    const types = credits.json<{ entries: Array<{ type: string }> }>().entries.map((e) => e.type);
    expect(new Set(types)).toEqual(new Set(['credit']));
    // A search taken literally: % is no wildcard, and nothing matches.
    const none = await post('/api/account/v1/history', { accountId: main.id, search: '%%%' }, budi);
    expect(none.statusCode).toBe(404);
    expect(none.json().apierror.errorCode).toBe('5071');
    const short = await post('/api/account/v1/history', { accountId: main.id, search: 'bp' }, budi);
    expect(short.statusCode).toBe(400);
  });

  it("closes a card's cycles from its ledger: each bill carries the last, and the minimum and due date follow", async () => {
    const o = await overviewOf(budi);
    const res = await post('/api/creditcard/v1/cycles', { accountId: o.creditCards[0]!.id }, budi);
    expect(res.statusCode).toBe(200);
    const c = res.json<CardCycles>();
    expect(c.statements.length).toBe(6);
    expect(c.statementDay).toBe(17);
    for (const [i, s] of c.statements.entries()) {
      expect(s.statementDate.slice(8)).toBe('17');
      const due = new Date(Date.parse(`${s.statementDate}T00:00:00Z`) + 20 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      expect(s.dueDate).toBe(due);
      expect(s.newBalance.amount).toBe(s.previousBalance.amount + s.purchases.amount - s.payments.amount);
      expect(s.minimumPayment.amount).toBe(minimumPayment(s.newBalance.amount));
      const older = c.statements[i + 1];
      if (older) expect(s.previousBalance).toEqual(older.newBalance);
    }
    // What the card owes now is the last bill less payments since, plus the unbilled spending.
    const outstanding = o.creditCards[0]!.outstanding.amount;
    expect(outstanding).toBeGreaterThanOrEqual(c.unbilled.amount.amount);
    // Someone else's card: the no-card answer, nothing told.
    const other = await post('/api/creditcard/v1/cycles', { accountId: o.creditCards[0]!.id }, sari);
    expect(other.statusCode).toBe(404);
    expect(other.json().apierror).toMatchObject({ sourceSystem: 'SICS', errorCode: 'T1' });
  });

  it('lists mutual fund movements whose units add up to what is held, at the NAV of their day', async () => {
    const res = await post(
      '/api/investment/v1/history',
      { kind: 'mutual_fund', from: daysAgo(200), to: today() },
      budi,
    );
    expect(res.statusCode).toBe(200);
    const page = res.json<InvestmentHistoryPage>();
    expect(page.holdings).toHaveLength(4);
    expect(page.entries).toHaveLength(12);
    for (const h of page.holdings) {
      const sum = page.entries
        .filter((e) => e.productCode === h.code)
        .reduce((s, e) => s + Math.round(Number(e.units) * 10_000), 0);
      expect(sum).toBe(Math.round(Number(h.units) * 10_000));
    }
    const redemptions = await post(
      '/api/investment/v1/history',
      { kind: 'mutual_fund', from: daysAgo(200), to: today(), txKind: 'redemption', search: 'Schroder' },
      budi,
    );
    const r = redemptions.json<InvestmentHistoryPage>().entries;
    expect(r.map((e) => [e.productCode, e.kind])).toEqual([['MF-SDP', 'redemption']]);
    expect(Number(r[0]!.units)).toBeLessThan(0);
    const bonds = await post(
      '/api/investment/v1/history',
      { kind: 'bond', from: daysAgo(200), to: today() },
      budi,
    );
    const kinds = bonds.json<InvestmentHistoryPage>().entries.map((e) => e.kind);
    expect(kinds).toContain('coupon');
    expect(kinds).toContain('buy');
    const none = await post('/api/investment/v1/history', { kind: 'bond' }, sari);
    expect(none.statusCode).toBe(404);
    expect(none.json().apierror).toMatchObject({ sourceSystem: 'WMS', errorCode: '0904' });
  });

  it('downloads a history as CSV with every row and as a PDF', async () => {
    const o = await overviewOf(budi);
    const main = o.accounts.find((a) => a.accountNo === '800123456701')!;
    const body = { accountId: main.id, from: daysAgo(200), to: today(), search: 'PLN' };
    const list = await post('/api/account/v1/history', body, budi);
    const n = list.json<{ entries: unknown[] }>().entries.length;
    const csv = await post('/api/account/v1/history/download', { ...body, format: 'csv', lang: 'en' }, budi);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="history-6701-.*\.csv"/);
    const parsed = Papa.parse<string[]>(csv.body.replace(/^\ufeff/, '').trim());
    expect(parsed.data[0]).toEqual(['Date', 'Description', 'Reference', 'Status', 'Amount', 'Currency']);
    expect(parsed.data).toHaveLength(n + 1);
    // A number a spreadsheet can add up (and no formula), the currency beside it.
    expect(parsed.data[1]!.slice(4)).toEqual([expect.stringMatching(/^-\d+\.\d{2}$/), 'IDR']);
    const pdf = await post('/api/account/v1/history/download', { ...body, format: 'pdf', lang: 'id' }, budi);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getTitle()).toBe('Riwayat transaksi');
    const mf = await post(
      '/api/investment/v1/history/download',
      { kind: 'mutual_fund', from: daysAgo(200), to: today(), format: 'csv', lang: 'id' },
      budi,
    );
    expect(Papa.parse<string[]>(mf.body.replace(/^\ufeff/, '').trim()).data).toHaveLength(13);
  });

  it('gives a monthly e-statement as PDF, and ESTAT 404 for a month without one (the card its own words)', async () => {
    const o = await overviewOf(budi);
    const rekpon = o.accounts.find((a) => a.rekpon)!;
    const months = await post('/api/statement/v1/months', { accountId: rekpon.id }, budi);
    expect(months.statusCode).toBe(200);
    const list = months.json<{ months: string[] }>().months;
    expect(list.length).toBeGreaterThanOrEqual(2);
    const pdf = await post(
      '/api/statement/v1/estatement',
      { accountId: rekpon.id, month: list[0], lang: 'en' },
      budi,
    );
    expect(pdf.statusCode).toBe(200);
    expect((await PDFDocument.load(pdf.rawPayload)).getTitle()).toMatch(/^E-statement /);
    const none = await post('/api/statement/v1/estatement', { accountId: rekpon.id, month: '2020-01' }, budi);
    expect(none.statusCode).toBe(404);
    expect(none.json().apierror).toMatchObject({
      sourceSystem: 'ESTAT',
      errorCode: '404',
      errorTitleEng: 'No statement',
    });
    const card = o.creditCards[0]!.id;
    const cardMonths = (await post('/api/statement/v1/months', { accountId: card }, budi)).json<{
      months: string[];
    }>();
    const cardPdf = await post(
      '/api/statement/v1/estatement',
      { accountId: card, month: cardMonths.months[0] },
      budi,
    );
    expect((await PDFDocument.load(cardPdf.rawPayload)).getTitle()).toMatch(/^Lembar tagihan kartu kredit /);
    const cardNone = await post('/api/statement/v1/estatement', { accountId: card, month: '2020-01' }, budi);
    expect(cardNone.json().apierror).toMatchObject({
      errorCode: '404',
      errorTitleEng: 'No credit card statement',
    });
  });

  it('writes the combined statement and the tax report, and refuses a period with nothing held', async () => {
    const periods = (await post('/api/statement/v1/periods', {}, budi)).json<{
      months: string[];
      years: number[];
    }>();
    expect(periods.years[0]).toBe(Number(today().slice(0, 4)));
    const combined = await post('/api/statement/v1/combined', { month: periods.months[0], lang: 'en' }, budi);
    expect(combined.statusCode).toBe(200);
    expect((await PDFDocument.load(combined.rawPayload)).getTitle()).toMatch(/^Combined statement /);
    const tax = await post('/api/statement/v1/tax-report', { year: periods.years[0], lang: 'id' }, budi);
    expect(tax.statusCode).toBe(200);
    expect((await PDFDocument.load(tax.rawPayload)).getTitle()).toBe(`Laporan pajak ${periods.years[0]}`);
    const before = await post('/api/statement/v1/tax-report', { year: 2019 }, budi);
    expect(before.statusCode).toBe(404);
    expect(before.json().apierror.sourceSystem).toBe('ESTAT');
  });

  it('answers the mobile-number account of a customer without one with CLICKS 0099', async () => {
    expect((await post('/api/account/v1/rekpon', {}, budi)).statusCode).toBe(200);
    const res = await post('/api/account/v1/rekpon', {}, sari);
    expect(res.statusCode).toBe(404);
    expect(res.json().apierror).toMatchObject({ sourceSystem: 'CLICKS', errorCode: '0099' });
  });

  it('values the investment portfolio: gains against cost, the mix adding up to the whole', async () => {
    const res = await post('/api/wealth/v1/portfolio', {}, budi);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.items).toHaveLength(6);
    for (const i of p.items) expect(i.gain.amount).toBe(i.marketValue.amount - i.cost.amount);
    const mix = p.allocation.reduce((s: number, a: { value: { amount: number } }) => s + a.value.amount, 0);
    expect(mix).toBe(p.totalIdr.amount);
    expect(p.gainIdr.amount).toBe(p.totalIdr.amount - p.costIdr.amount);
    // The USD fund is valued in rupiah at the board's buy rate, exactly.
    const usd = p.items.find((i: { code: string }) => i.code === 'MF-BDUSD');
    expect(usd.marketValueIdr.amount).toBe(Math.round(usd.marketValue.amount * 16185));
  });

  it('consolidates what is held and owed into a net worth', async () => {
    const c = (await post('/api/wealth/v1/consolidated', {}, budi)).json();
    expect(c.groups.map((g: { group: string }) => g.group)).toEqual([
      'casa',
      'rekpon',
      'deposits',
      'investments',
      'unitLinked',
      'gold',
      'cards',
      'loans',
    ]);
    expect(c.netWorthIdr.amount).toBe(c.assetsIdr.amount - c.liabilitiesIdr.amount);
    const s = (await post('/api/wealth/v1/consolidated', {}, sari)).json();
    expect(s.groups.map((g: { group: string }) => g.group)).toEqual(['cards']);
    expect(s.netWorthIdr.amount).toBeLessThan(0);
  });

  it('details an investment product with what the customer holds of it', async () => {
    const d = (await post('/api/investment/v1/product-detail', { code: 'MF-SDP' }, budi)).json();
    expect(d).toMatchObject({
      kind: 'mutual_fund',
      fundType: 'equity',
      riskLevel: 5,
      holding: { units: '8350.1200' },
    });
    expect(d.transactions).toHaveLength(3);
    const notHeld = (await post('/api/investment/v1/product-detail', { code: 'SR020' }, budi)).json();
    expect(notHeld.holding).toBeNull();
    const unknown = await post('/api/investment/v1/product-detail', { code: 'NOPE' }, budi);
    expect(unknown.json().apierror).toMatchObject({ sourceSystem: 'WMS', errorCode: '0912' });
  });

  it('shows the Octo Loan line, its withdrawals and one in detail; 5072 for a customer without a loan', async () => {
    const l = (await post('/api/loan/v1/octoloan', {}, budi)).json().loans[0];
    expect(l.plafond.amount).toBe(6_000_000_000);
    expect(l.available.amount).toBe(l.plafond.amount - l.outstanding.amount);
    expect(l.installmentsPaid + l.installmentsLeft).toBe(24);
    const w = (await post('/api/loan/v1/withdrawals', {}, budi)).json().withdrawals;
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({ amount: { amount: 6_000_000_000 }, toAccountNo: '800123456701' });
    const one = await post('/api/loan/v1/withdrawal-detail', { referenceNo: w[0].referenceNo }, budi);
    expect(one.json().referenceNo).toBe(w[0].referenceNo);
    expect(
      (await post('/api/loan/v1/withdrawal-detail', { referenceNo: w[0].referenceNo }, sari)).statusCode,
    ).toBe(404);
    const none = await post('/api/loan/v1/octoloan', {}, sari);
    expect(none.json().apierror).toMatchObject({ errorCode: '5072' });
  });

  it('sums the instalments, and answers 1213 when there are none', async () => {
    const s = (await post('/api/installment/v1/summary', {}, budi)).json();
    expect(s.items).toHaveLength(1);
    expect(s.monthlyTotal.amount).toBe(287_500_000);
    const none = await post('/api/installment/v1/summary', {}, andi);
    expect(none.statusCode).toBe(404);
    expect(none.json().apierror.errorCode).toBe('1213');
  });

  it('opens a policy of each group in full, and 0040 for a group the customer has none of', async () => {
    const slfi = (await post('/api/insurance/v1/policy', { group: 'slfi' }, budi)).json();
    expect(slfi).toMatchObject({
      policyNo: 'SLF2023004587121',
      unitLinked: false,
      insurer: { callCentre: '1500 786' },
    });
    expect(slfi.beneficiaries.map((b: { sharePercent: string }) => b.sharePercent)).toEqual([
      '60.00',
      '40.00',
    ]);
    expect(slfi.premiums).toHaveLength(12);
    expect(slfi.claims.map((c: { status: string }) => c.status)).toEqual(['in_review', 'paid']);
    const ba = (await post('/api/insurance/v1/policy', { group: 'ba' }, budi)).json();
    expect(ba).toMatchObject({ provider: 'AIA', unitLinked: true });
    expect(ba.fundValue.amount).toBe(
      ba.funds.reduce((s: number, f: { value: { amount: number } }) => s + f.value.amount, 0),
    );
    // A policy of the other group, or someone else's: not found.
    const wrong = await post('/api/insurance/v1/policy', { group: 'ba', policyNo: 'SLF2023004587121' }, budi);
    expect(wrong.json().apierror.errorCode).toBe('0040');
    const none = await post('/api/insurance/v1/policy', { group: 'slfi' }, sari);
    expect(none.json().apierror).toMatchObject({ errorCode: '0040' });
  });
});
