import type { Db, Queryable } from '../db/db';
import { bankDate } from '../../shared/bank-time';
import { internalAccount, newReferenceNo } from '../transactions/ledger';
import { offerOf, bookingCodeOf } from './airline';
import type { FlightOffer } from '../../shared/travel';

const DAY = 86_400_000;

interface DemoJournal {
  customerId: number;
  flowId: string;
  source: number;
  settlement: string;
  amount: number;
  fee: number;
  /** Given back to the source in the same journal (a promo's cashback). */
  cashback?: number;
  /** Taken off what leaves the source, paid by the promotion (a promo's fee waiver). */
  waived?: number;
  status: 'success' | 'failed';
  idn: string;
  eng: string;
  receipt: Record<string, unknown>;
  at: Date;
}

/**
 * A past transaction of the demo, as the engine would have booked it: balanced entries (a failed one
 * with its reversal), the source's balance moved, the receipt in the journal's details.
 */
export async function demoJournal(tx: Queryable, j: DemoJournal): Promise<number> {
  const total = j.amount + j.fee;
  const { rows } = await tx.query<{ id: string | number }>(
    `INSERT INTO journal (reference_no, customer_id, flow_id, status, amount, currency, description, description_eng, details, created_at)
     VALUES ($1, $2, $3, $4, $5, 'IDR', $6, $7, $8::jsonb, $9) RETURNING id`,
    [
      newReferenceNo(j.at),
      j.customerId,
      j.flowId,
      j.status,
      j.amount,
      j.idn,
      j.eng,
      JSON.stringify({ receipt: { flowId: j.flowId, ...j.receipt } }),
      j.at.toISOString(),
    ],
  );
  const id = Number(rows[0]!.id);
  const settlement = await internalAccount(tx, j.settlement, 'IDR');
  const fees = await internalAccount(tx, 'FEE-INCOME', 'IDR');
  const legs: [number, number][] = [
    [j.source, -(total - (j.waived ?? 0))],
    [settlement, j.amount],
    ...(j.fee ? ([[fees, j.fee]] as [number, number][]) : []),
  ];
  if (j.waived) legs.push([await internalAccount(tx, 'PROMO-EXPENSE', 'IDR'), -j.waived]);
  if (j.cashback)
    legs.push([await internalAccount(tx, 'PROMO-EXPENSE', 'IDR'), -j.cashback], [j.source, j.cashback]);
  // A failed one was given back: every leg reversed, nothing moved.
  const all = j.status === 'failed' ? [...legs, ...legs.map(([a, v]) => [a, -v] as [number, number])] : legs;
  for (const [account, amount] of all)
    await tx.query(
      `INSERT INTO ledger_entries (journal_id, account_id, amount, currency, created_at) VALUES ($1, $2, $3, 'IDR', $4)`,
      [id, account, amount, j.at.toISOString()],
    );
  if (j.status === 'success')
    for (const [account, amount] of legs)
      await tx.query('UPDATE accounts SET balance = balance + $2 WHERE id = $1', [account, amount]);
  return id;
}

/** The receipt details of a flight booking, as the look-up `flight.fare` answers them. */
function flightDetails(o: FlightOffer, names: string[], holdId: string) {
  const local = (iso: string, offsetH: number, time: string, code: string) => {
    const at = new Date(Date.parse(iso) + offsetH * 3_600_000);
    const day = (l: string) =>
      at.toLocaleDateString(l, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      });
    return { en: `${day('en-GB')} ${time} (${code})`, id: `${day('id-ID')} ${time} (${code})` };
  };
  return {
    holdId,
    offerId: o.offerId,
    itinerary: `${o.from} → ${o.to}`,
    flightNumber: o.flightNumber,
    airlineName: o.airlineName,
    departureAt: o.departure,
    passengerNames: names.join(', '),
    passengerCount: String(names.length),
    farePerPassenger: o.fare,
    totalFare: o.fare.amount * names.length,
    departureText: local(o.departure, OFFSETS[o.from] ?? 7, o.departureLocal, o.from),
    arrivalText: local(o.arrival, OFFSETS[o.to] ?? 7, o.arrivalLocal, o.to),
  };
}
const OFFSETS: Record<string, number> = { CGK: 7, DPS: 8, KNO: 7, UPG: 8, SUB: 7 };
const ROUTE_NAMES: Record<string, { en: string; id: string }> = {
  'CGK-DPS': {
    en: 'Jakarta (Soekarno-Hatta) to Denpasar, Bali (I Gusti Ngurah Rai)',
    id: 'Jakarta (Soekarno-Hatta) ke Denpasar, Bali (I Gusti Ngurah Rai)',
  },
  'DPS-CGK': {
    en: 'Denpasar, Bali (I Gusti Ngurah Rai) to Jakarta (Soekarno-Hatta)',
    id: 'Denpasar, Bali (I Gusti Ngurah Rai) ke Jakarta (Soekarno-Hatta)',
  },
  'CGK-KNO': {
    en: 'Jakarta (Soekarno-Hatta) to Medan (Kualanamu)',
    id: 'Jakarta (Soekarno-Hatta) ke Medan (Kualanamu)',
  },
};

/** The first flight of the day on a route whose number passes `ok` (a real one of the simulated airlines). */
function flightOn(
  from: string,
  to: string,
  date: string,
  ok: (n: string) => boolean,
  airline?: string,
): FlightOffer | undefined {
  // offerOf needs a number: try the airlines' numbers of the route as the search would list them.
  for (const code of airline ? [airline] : ['GA', 'ID', 'QG', 'JT', 'QZ', 'IU'])
    for (let n = 100; n < 1000; n++) {
      const o = offerOf(
        `${code}${n}-${date}-${from}-${to}`,
        new Date(Date.parse(`${date}T00:00:00Z`) - 30 * DAY),
      );
      if (o && ok(o.flightNumber)) return o;
    }
  return undefined;
}

/**
 * budisantoso's trips and vouchers: a flight flown to Bali and back last month, one to Medan in three
 * weeks, one the airline could not ticket (money returned); a Netflix and a Steam voucher. Idempotent.
 */
export async function seedLeisure(db: Db, opts: { now?: Date } = {}): Promise<void> {
  const now = opts.now ?? new Date();
  const { rows } = await db.query<{ id: string | number; source: string | number | null }>(
    'SELECT id, default_source_account_id AS source FROM customers WHERE user_id = $1',
    ['budisantoso'],
  );
  const budi = rows[0];
  if (!budi?.source) return;
  const customerId = Number(budi.id);
  const source = Number(budi.source);
  await db.transaction(async (tx) => {
    const has = await tx.query(
      `SELECT 1 FROM journal WHERE customer_id = $1 AND flow_id IN ('travel.flight', 'voucher.buy') LIMIT 1`,
      [customerId],
    );
    if (has.rows.length) return;
    const names = ['MR BUDI SANTOSO', 'MRS ANI SANTOSO'];
    const trips: {
      from: string;
      to: string;
      days: number;
      bookedAgo: number;
      status: 'success' | 'failed';
      ok: (n: string) => boolean;
      airline?: string;
    }[] = [
      {
        from: 'CGK',
        to: 'DPS',
        days: -40,
        bookedAgo: 70,
        status: 'success',
        ok: (n) => !/[37]$/.test(n),
        airline: 'GA',
      },
      {
        from: 'DPS',
        to: 'CGK',
        days: -36,
        bookedAgo: 70,
        status: 'success',
        ok: (n) => !/[37]$/.test(n),
        airline: 'GA',
      },
      {
        from: 'CGK',
        to: 'KNO',
        days: 21,
        bookedAgo: 4,
        status: 'success',
        ok: (n) => !/[37]$/.test(n),
        airline: 'ID',
      },
      { from: 'CGK', to: 'DPS', days: 60, bookedAgo: 9, status: 'failed', ok: (n) => n.endsWith('3') },
    ];
    let hold = 0;
    for (const trip of trips) {
      const o = flightOn(trip.from, trip.to, bankDate(now, trip.days), trip.ok, trip.airline);
      if (!o) continue;
      hold += 1;
      const details = {
        ...flightDetails(o, names, `demo-${hold}`),
        route: ROUTE_NAMES[`${o.from}-${o.to}`] ?? { en: `${o.from} to ${o.to}`, id: `${o.from} ke ${o.to}` },
        ...(trip.status === 'success'
          ? { bookingCode: bookingCodeOf(`demo:${o.offerId}`), ticketStatus: 'issued' }
          : {}),
      };
      const amount = o.fare.amount * names.length;
      const fee = 5_000_00;
      const idr = (n: number) => ({ amount: n, currency: 'IDR' });
      await demoJournal(tx, {
        customerId,
        flowId: 'travel.flight',
        source,
        settlement: 'SETTLEMENT-TRAVEL',
        amount,
        fee,
        status: trip.status,
        idn: `Pesan tiket pesawat ${o.flightNumber} ${o.from}-${o.to} / Book a flight ${o.flightNumber} ${o.from}-${o.to}`,
        eng: `Book a flight ${o.flightNumber} ${o.from}-${o.to}`,
        receipt: {
          amount: idr(amount),
          fees: [{ kind: 'admin', amount: idr(fee) }],
          total: idr(amount + fee),
          details,
          ...(trip.status === 'failed'
            ? {
                error: {
                  sourceSystem: 'AIRLINE',
                  errorCode: 'TK03',
                  message:
                    'The airline could not issue the tickets: the seats are no longer available. Your money is returned.',
                  errorTitleEng: 'Tickets not issued',
                  errorTitleIdn: 'Tiket tidak terbit',
                  errorMessageEng:
                    'The airline could not issue the tickets: the seats are no longer available. Your money is returned.',
                  errorMessageIdn:
                    'Maskapai tidak dapat menerbitkan tiket: kursi sudah tidak tersedia. Dana Anda dikembalikan.',
                },
              }
            : {}),
        },
        at: new Date(now.getTime() - trip.bookedAgo * DAY),
      });
    }
    const vouchers: [string, string, string, string, number, number, number][] = [
      ['NETFLIX', 'Netflix', 'NETFLIX-120K', '7315 2290 4418 6603', 120_000_00, 122_500_00, 16],
      ['STEAM', 'Steam Wallet', 'STEAM-60K', '5512 8804 1937 2265', 60_000_00, 61_500_00, 48],
    ];
    for (const [brand, name, code, voucherCode, nominal, price, ago] of vouchers) {
      const at = new Date(now.getTime() - ago * DAY);
      await demoJournal(tx, {
        customerId,
        flowId: 'voucher.buy',
        source,
        settlement: `SETTLEMENT-VOUCHER-${brand}`,
        amount: price,
        fee: 0,
        status: 'success',
        idn: `Beli voucher ${name} / Buy a voucher ${name}`,
        eng: `Buy a voucher ${name}`,
        receipt: {
          amount: { amount: price, currency: 'IDR' },
          fees: [],
          total: { amount: price, currency: 'IDR' },
          details: {
            providerCategory: 'vouchers',
            providerCode: brand,
            providerName: { en: name, id: name },
            customerNumber: '081234567801',
            voucherCode: voucherCode.replaceAll(' ', ''),
            voucherValidUntil: bankDate(new Date(at.getTime() + 365 * DAY)),
            choice: { denomination: { code, brand, nominal, price } },
          },
        },
        at,
      });
    }
  });
}
