import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { loadCatalog } from '../../../src/server/transactions/catalog';
import { settleDuePayments } from '../../../src/server/transactions/settlement';
import { bankDate } from '../../../src/shared/bank-time';
import { INQUIRY_TTL_MS } from '../../../src/shared/constants';
import type { FlightOffer } from '../../../src/shared/travel';
import { insertProgramme } from '../promo/promo-fixtures';
import { serverRegistry } from '../../../src/server/domains';
import {
  balanceOf,
  type Customer,
  customerWithSession,
  insertAccount,
  post,
  quoteAndSendOtp,
  testDbs,
  transact,
  unbalancedJournals,
  useTestApp,
} from '../../kit';

/** A date three weeks ahead: far from "booking closed", no "soon" surcharge. */
const DATE = bankDate(new Date(), 21);
const ROUTES = [
  ['CGK', 'DPS'],
  ['CGK', 'KNO'],
  ['SUB', 'UPG'],
  ['CGK', 'SIN'],
  ['YIA', 'DJJ'],
  ['CGK', 'UPG'],
  ['SUB', 'DPS'],
  ['CGK', 'BPN'],
] as const;

const passengersOf = (n: number) =>
  [
    { title: 'Mr', fullName: 'Budi Santoso' },
    { title: 'Mrs', fullName: 'Ani Santoso' },
    { title: 'Ms', fullName: "Dewi O'Neil" },
  ].slice(0, n);

describe.each(testDbs)('travel concierge on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let c: Customer & { account: number; card: number };
  const flights: FlightOffer[] = [];
  const pendingMs = process.env.BILLER_PENDING_MS;
  const t = useTestApp({ engine, demo: false });
  beforeAll(async () => {
    ({ app, db } = t);
    await app.ready();
    const who = await customerWithSession(db);
    const a = await insertAccount(db, who.customerId, { balance: 50_000_000_00 });
    const card = await insertAccount(db, who.customerId, {
      product: 'credit_card',
      balance: 0,
      floor: -100_000_000_00,
    });
    c = { ...who, account: a.id, card: card.id };
    for (const [from, to] of ROUTES) {
      const r = await post(app, '/api/travel/v1/search', c.headers, { from, to, date: DATE, passengers: 1 });
      expect(r.status).toBe(200);
      flights.push(...(r.body.flights as FlightOffer[]));
    }
  }, 60_000);
  afterAll(async () => {
    if (pendingMs === undefined) delete process.env.BILLER_PENDING_MS;
    else process.env.BILLER_PENDING_MS = pendingMs;
  }, 60_000);

  /** A flight with seats whose number ends with `digit` (3: the airline refuses; 7: ticketing takes a while). */
  const flightEnding = (digit: string) => {
    const f = flights.find((o) => o.seatsLeft >= 3 && o.flightNumber.endsWith(digit));
    expect(f, `a flight ending ${digit}`).toBeDefined();
    return f!;
  };
  const plainFlight = () => flights.find((o) => o.seatsLeft >= 3 && !/[37]$/.test(o.flightNumber))!;

  async function hold(offer: FlightOffer, passengers: number) {
    const r = await post(app, '/api/travel/v1/hold', c.headers, { offerId: offer.offerId, passengers });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return String(r.body.holdId);
  }
  const book = (holdId: string, passengers: number, extra: Record<string, unknown> = {}) =>
    transact(app, db, c, 'travel.flight', {
      hold: holdId,
      passengers: passengersOf(passengers),
      contactPhone: '081234567890',
      sourceOfFund: String(c.account),
      ...extra,
    });

  it('searches the same way every time: flights of the day, earliest first, with fares, seats and some sold out; refuses nonsense in both languages', async () => {
    const again = await post(app, '/api/travel/v1/search', c.headers, {
      from: 'CGK',
      to: 'DPS',
      date: DATE,
      passengers: 2,
    });
    const first = flights.filter((f) => f.from === 'CGK' && f.to === 'DPS');
    expect(again.body.flights).toEqual(first);
    expect(first.length).toBeGreaterThan(3);
    const times = first.map((f) => f.departure);
    expect([...times].sort()).toEqual(times);
    expect(first[0]).toMatchObject({
      offerId: expect.stringMatching(/^[A-Z0-9]{2}\d{3}-/),
      fare: { currency: 'IDR' },
    });
    // Jakarta 1h50 to Bali, an hour later on the clock (WITA).
    expect(first[0]!.durationMinutes).toBe(110);
    expect(flights.some((f) => f.seatsLeft === 0)).toBe(true);
    expect(flights.every((f) => f.fare.amount % 100_000 === 0 && f.fare.amount >= 300_000_00)).toBe(true);

    const same = await post(app, '/api/travel/v1/search', c.headers, {
      from: 'CGK',
      to: 'HLP',
      date: DATE,
      passengers: 1,
    });
    expect(same.status).toBe(422);
    expect(same.body.apierror).toMatchObject({ errorCode: 'SAME_CITY', errorTitleIdn: 'Kota yang sama' });
    const past = await post(app, '/api/travel/v1/search', c.headers, {
      from: 'CGK',
      to: 'DPS',
      date: bankDate(new Date(), -2),
      passengers: 1,
    });
    expect(past.body.apierror.errorCode).toBe('DATE_PAST');
    const unknown = await post(app, '/api/travel/v1/search', c.headers, {
      from: 'XXX',
      to: 'DPS',
      date: DATE,
      passengers: 1,
    });
    expect(unknown.body.apierror.fields['/from']).toBeDefined();
  });

  it('books and pays a flight through the engine: fare x passengers plus the fee, the booking code on the receipt, listed as issued; the hold is then used', async () => {
    const offer = plainFlight();
    const holdId = await hold(offer, 2);
    const fd = await post(app, '/api/transaction/v1/formdata', c.headers, { flowId: 'travel.flight' });
    expect(fd.body.choices.hold.map((o: { value: string }) => o.value)).toContain(holdId);

    const wrong = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'travel.flight',
      form: {
        hold: holdId,
        passengers: passengersOf(1),
        contactPhone: '081234567890',
        sourceOfFund: String(c.account),
      },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.apierror.fields['/form/passengers'].idn).toContain('2 orang');

    const before = await balanceOf(db, c.account);
    const { inquiry, receipt } = await book(holdId, 2);
    expect(inquiry.body).toMatchObject({
      amount: { amount: offer.fare.amount * 2, currency: 'IDR' },
      fees: [{ kind: 'admin', amount: { amount: 5_000_00 } }],
      total: { amount: offer.fare.amount * 2 + 5_000_00 },
    });
    expect(inquiry.body.details).toMatchObject({
      flightNumber: offer.flightNumber,
      itinerary: `${offer.from} → ${offer.to}`,
      passengerNames: 'MR BUDI SANTOSO, MRS ANI SANTOSO',
    });
    expect(receipt.body.status).toBe('success');
    expect(receipt.body.details.bookingCode).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(await balanceOf(db, c.account)).toBe(before - offer.fare.amount * 2 - 5_000_00);
    expect(await unbalancedJournals(db)).toBe(0);

    const list = await post(app, '/api/travel/v1/bookings', c.headers, {});
    expect(list.body.bookings[0]).toMatchObject({
      referenceNo: receipt.body.referenceNo,
      status: 'issued',
      bookingCode: receipt.body.details.bookingCode,
      passengerCount: 2,
      flightNumber: offer.flightNumber,
    });
    const after = await post(app, '/api/transaction/v1/formdata', c.headers, { flowId: 'travel.flight' });
    expect(after.body.choices.hold.map((o: { value: string }) => o.value)).not.toContain(holdId);
    const twice = await book(holdId, 2);
    expect(twice.inquiry.body.apierror.errorCode).toBe('FARE_HOLD_EXPIRED');
  });

  it('one hold books once: of two verified bookings of it (two tabs), the second confirm books nothing', async () => {
    const holdId = await hold(plainFlight(), 1);
    const form = {
      hold: holdId,
      passengers: passengersOf(1),
      contactPhone: '081234567890',
      sourceOfFund: String(c.account),
    };
    const a = await quoteAndSendOtp(app, db, c, 'travel.flight', form);
    const b = await quoteAndSendOtp(app, db, c, 'travel.flight', form);
    const first = await post(app, '/api/transaction/v1/confirm', c.headers, {
      ...a.confirm,
      idempotencyKey: 'hold-once-1',
    });
    expect(first.body.status).toBe('success');
    const balance = await balanceOf(db, c.account);
    const second = await post(app, '/api/transaction/v1/confirm', c.headers, {
      ...b.confirm,
      idempotencyKey: 'hold-once-2',
    });
    expect(second.status).toBe(409);
    expect(second.body.apierror).toMatchObject({
      errorCode: 'FARE_HOLD_EXPIRED',
      errorTitleIdn: 'Tarif tidak lagi ditahan',
    });
    expect(await balanceOf(db, c.account)).toBe(balance);
  });

  it('a sold-out flight cannot be held; tickets the airline refuses give the money back; slow ticketing is in progress, then issued', async () => {
    const soldOut = flights.find((f) => f.seatsLeft === 0)!;
    const refused = await post(app, '/api/travel/v1/hold', c.headers, {
      offerId: soldOut.offerId,
      passengers: 1,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.apierror).toMatchObject({
      errorCode: 'FLIGHT_SOLD_OUT',
      errorTitleIdn: 'Habis terjual',
    });
    const few = flights.find((f) => f.seatsLeft > 0 && f.seatsLeft < 3);
    if (few) {
      const tooMany = await post(app, '/api/travel/v1/hold', c.headers, {
        offerId: few.offerId,
        passengers: 3,
      });
      expect(tooMany.body.apierror.errorCode).toBe('FLIGHT_SOLD_OUT');
    }

    const before = await balanceOf(db, c.account);
    const failed = await book(await hold(flightEnding('3'), 1), 1);
    expect(failed.receipt.body.status).toBe('failed');
    expect(failed.receipt.body.error).toMatchObject({
      errorCode: 'TK03',
      errorTitleIdn: 'Tiket tidak terbit',
    });
    expect(await balanceOf(db, c.account)).toBe(before);

    process.env.BILLER_PENDING_MS = '3600000';
    const slow = await book(await hold(flightEnding('7'), 1), 1);
    expect(slow.receipt.body.status).toBe('pending');
    expect(slow.receipt.body.details.bookingCode).toBeUndefined();
    let list = await post(app, '/api/travel/v1/bookings', c.headers, {});
    expect(list.body.bookings.slice(0, 2).map((b: { status: string }) => b.status)).toEqual([
      'ticketing',
      'failed',
    ]);
    expect(list.body.bookings[1].error.en).toContain('Your money is returned');

    process.env.BILLER_PENDING_MS = '0';
    await db.query('UPDATE pending_settlements SET next_check_at = now()');
    expect(await settleDuePayments(db, loadCatalog(), serverRegistry())).toMatchObject({ success: 1 });
    list = await post(app, '/api/travel/v1/bookings', c.headers, {});
    expect(list.body.bookings[0]).toMatchObject({
      status: 'issued',
      bookingCode: expect.stringMatching(/^[A-Z2-9]{6}$/),
    });
    expect(await unbalancedJournals(db)).toBe(0);
  });

  it('a fare is held exactly as long as an inquiry lives, and the booking quoted late in its hold expires with it', async () => {
    const holdId = await hold(plainFlight(), 1);
    const held = async () =>
      (
        await db.query<{ held_ms: number; expires_at: Date | string }>(
          `SELECT (extract(epoch FROM expires_at - created_at) * 1000)::int AS held_ms, expires_at
             FROM flight_holds WHERE id = $1`,
          [Number(holdId)],
        )
      ).rows[0]!;
    // Its end is the server's clock; its row's start the database's: within a second of each other.
    expect(Math.abs((await held()).held_ms - INQUIRY_TTL_MS)).toBeLessThan(1_000);
    // Ten minutes into the hold, the booking is quoted: its inquiry ends when the hold does, not 15 minutes on.
    await db.query(
      `UPDATE flight_holds SET created_at = created_at - interval '10 minutes', expires_at = expires_at - interval '10 minutes' WHERE id = $1`,
      [Number(holdId)],
    );
    const form = {
      hold: holdId,
      passengers: passengersOf(1),
      contactPhone: '081234567890',
      sourceOfFund: String(c.account),
    };
    const late = await post(app, '/api/transaction/v1/inquiry', c.headers, { flowId: 'travel.flight', form });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    const holdEnds = new Date((await held()).expires_at).getTime();
    expect(Date.parse(late.body.expiresAt as string)).toBe(holdEnds);
    expect(holdEnds - Date.now()).toBeLessThan(INQUIRY_TTL_MS - 9 * 60_000);
    // A flow without a hold keeps the inquiry's own 15 minutes (an own transfer, to a current account).
    const current = await insertAccount(db, c.customerId, { balance: 0, product: 'current' });
    const plain = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'transfer.own',
      form: { sourceOfFund: String(c.account), beneficiaryAccount: String(current.id), amount: 10_000_00 },
    });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(Date.parse(plain.body.expiresAt as string) - Date.now()).toBeGreaterThan(INQUIRY_TTL_MS - 60_000);
  });

  it('a promo code waives the booking fee from savings, and is refused when a credit card pays', async () => {
    const code = await insertProgramme(db, { reward: 'fee_waiver', flows: ['travel.flight'] });
    const offer = plainFlight();
    const byCard = await post(app, '/api/transaction/v1/inquiry', c.headers, {
      flowId: 'travel.flight',
      form: {
        hold: await hold(offer, 1),
        passengers: passengersOf(1),
        contactPhone: '081234567890',
        sourceOfFund: String(c.card),
        promoCode: code,
      },
    });
    expect(byCard.body.apierror).toMatchObject({ errorCode: 'PROMO_NOT_FOR_CREDIT_CARD' });
    const { inquiry, receipt } = await book(await hold(offer, 1), 1, { promoCode: code });
    expect(inquiry.body.total).toEqual({ amount: offer.fare.amount, currency: 'IDR' });
    expect(receipt.body).toMatchObject({ status: 'success', promo: { code, reward: 'feeWaiver' } });
    const detail = await post(app, '/api/mailbox/v1/promocode/detail', c.headers, { code });
    expect(detail.body.history[0].destination.en).toBe(`${offer.from} → ${offer.to}`);
  });
});
