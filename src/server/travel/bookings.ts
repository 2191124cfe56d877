import type { Queryable } from '../db/db';
import type { ChoiceSource, Executor, Lookup } from '../transactions/contracts';
import type { ServiceExecutor } from '../transactions/contracts';
import { formatMoney, type Money } from '../../shared/money';
import { FARE_HOLD_MS } from '../../shared/constants';
import { airportOf, bookable, issueTicket, offerOf, ticketStatus, type FlightOffer } from './airline';
import { travelErrors } from './errors';

/*
 * Booking a flight is a money flow of the engine (flows/travel/flight.json): the customer picks a
 * held fare (`flight.holds`), names the passengers, and the look-up (`flight.fare`) asks the airline
 * whether it can still be booked and prices it; the executor (`flight.book`) issues the tickets once
 * the money is held, with the engine's pending and failed outcomes (the money held, or given back).
 */

/** A fare is held for the booking as long as an inquiry lives (FARE_HOLD_MS, 15 minutes). */
export const HOLD_MINUTES = FARE_HOLD_MS / 60_000;
export const TRAVEL_FLOW = 'travel.flight';

export interface HoldRow {
  id: string | number;
  customer_id: string | number;
  offer_id: string;
  offer: FlightOffer;
  passengers: number;
  fare: string | number;
  expires_at: Date | string;
}

/** Holds of the customer still open: not expired, and not taken by a booking that did not fail. */
const OPEN_HOLDS = `
  SELECT h.* FROM flight_holds h
   WHERE h.customer_id = $1 AND h.expires_at > now()
     AND (h.journal_id IS NULL OR EXISTS (SELECT 1 FROM journal j WHERE j.id = h.journal_id AND j.status = 'failed'))`;

export async function holdFlight(
  db: Queryable,
  customerId: number,
  offerId: string,
  passengers: number,
  now: Date,
): Promise<{ holdId: number; expiresAt: string; offer: FlightOffer }> {
  const offer = offerOf(offerId, now);
  if (!offer) throw travelErrors.flightNotFound('/offerId');
  const state = bookable(offer, passengers, now);
  if (state === 'departed') throw travelErrors.departed('/offerId');
  if (state === 'soldOut') throw travelErrors.soldOut('/offerId');
  const { rows } = await db.query<{ id: string | number; expires_at: Date | string }>(
    `INSERT INTO flight_holds (customer_id, offer_id, offer, passengers, fare, expires_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6) RETURNING id, expires_at`,
    [
      customerId,
      offerId,
      JSON.stringify(offer),
      passengers,
      offer.fare.amount,
      new Date(now.getTime() + FARE_HOLD_MS).toISOString(),
    ],
  );
  return { holdId: Number(rows[0]!.id), expiresAt: new Date(rows[0]!.expires_at).toISOString(), offer };
}

const idr = (amount: number): Money => ({ amount, currency: 'IDR' });

/** "Sat, 12 Dec 2026 08:05" in each language: the local time at the airport, as a boarding pass says. */
function localText(o: FlightOffer, which: 'departure' | 'arrival') {
  const airport = airportOf(which === 'departure' ? o.from : o.to);
  const at = new Date(Date.parse(o[which]) + (airport?.utcOffset ?? 7) * 3_600_000);
  const day = (lang: 'en-GB' | 'id-ID') =>
    at.toLocaleDateString(lang, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  const time = which === 'departure' ? o.departureLocal : o.arrivalLocal;
  return {
    en: `${day('en-GB')} ${time} (${o[which === 'departure' ? 'from' : 'to']})`,
    id: `${day('id-ID')} ${time} (${o[which === 'departure' ? 'from' : 'to']})`,
  };
}

const itineraryOf = (o: FlightOffer) => `${o.from} → ${o.to}`;

/** `flight.holds`: the customer's held fares not booked yet, newest first. */
export const openHolds: ChoiceSource = async ({ db, customerId }) => {
  const { rows } = await db.query<HoldRow>(`${OPEN_HOLDS} ORDER BY h.id DESC LIMIT 20`, [customerId]);
  return rows.map((h) => {
    const o = h.offer;
    const total = idr(Number(h.fare) * h.passengers);
    const label = (lang: 'en' | 'id') =>
      `${o.flightNumber} · ${itineraryOf(o)} · ${localText(o, 'departure')[lang]} · ${h.passengers} ${
        lang === 'en' ? (h.passengers === 1 ? 'passenger' : 'passengers') : 'penumpang'
      } · ${formatMoney(total, lang)}`;
    return {
      value: String(h.id),
      labelEng: label('en'),
      labelIdn: label('id'),
      detail: {
        passengers: h.passengers,
        total,
        expiresAt: new Date(h.expires_at).toISOString(),
        // The booking form starts with one passenger row per seat held (its choice "fills" them).
        form: { passengers: Array.from({ length: h.passengers }, () => ({ title: 'Mr' })) },
      },
    };
  });
};

interface Passenger {
  title?: string;
  fullName?: string;
}

/** `flight.fare`: the held flight asked of the airline again, the passengers checked, the price. */
export const flightFare: Lookup = async (ctx) => {
  const id = Number(ctx.form.hold);
  const { rows } = Number.isSafeInteger(id)
    ? await ctx.db.query<HoldRow>(`${OPEN_HOLDS} AND h.id = $2`, [ctx.customerId, id])
    : { rows: [] };
  const h = rows[0];
  if (!h) throw travelErrors.holdExpired('/form/hold');
  const passengers = (Array.isArray(ctx.form.passengers) ? ctx.form.passengers : []) as Passenger[];
  if (passengers.length !== h.passengers) throw travelErrors.passengers(h.passengers);
  const now = new Date();
  const o = offerOf(h.offer_id, now);
  if (!o) throw travelErrors.flightNotFound('/form/hold');
  const state = bookable(o, h.passengers, now);
  if (state === 'departed') throw travelErrors.departed('/form/hold');
  if (state === 'soldOut') throw travelErrors.soldOut('/form/hold');
  // The held fare stands while the hold does, whatever the airline asks now.
  const fare = Number(h.fare);
  const names = passengers
    .map((p) =>
      `${String(p.title ?? '').toUpperCase()} ${String(p.fullName ?? '')
        .trim()
        .toUpperCase()}`.trim(),
    )
    .join(', ');
  const from = airportOf(o.from);
  const to = airportOf(o.to);
  return {
    holdId: String(h.id),
    offerId: h.offer_id,
    itinerary: itineraryOf(o),
    route: {
      en: `${from?.name.en ?? o.from} to ${to?.name.en ?? o.to}`,
      id: `${from?.name.id ?? o.from} ke ${to?.name.id ?? o.to}`,
    },
    flightNumber: o.flightNumber,
    airlineName: o.airlineName,
    departureAt: o.departure,
    departureText: localText(o, 'departure'),
    arrivalText: localText(o, 'arrival'),
    passengerNames: names,
    passengerCount: String(h.passengers),
    farePerPassenger: idr(fare),
    totalFare: fare * h.passengers,
    // The booking's inquiry ends with its hold: no confirm is offered that the hold cannot keep.
    heldUntil: new Date(h.expires_at).toISOString(),
  };
};

const seedOf = (details: Record<string, unknown>) => `${String(details.holdId)}:${String(details.offerId)}`;

/** `flight.book`: the airline issues the tickets of the paid booking (booking code on the receipt). */
export const bookFlight: Executor = {
  provider: {
    pay: (details) => issueTicket(String(details.offerId), seedOf(details)),
    status: (details, _params, sentAt) => ticketStatus(String(details.offerId), seedOf(details), sentAt),
  },
};

/**
 * `flight.reserve` (the posting's service): the booking takes its hold in the booking's own database
 * transaction, so two confirms of one hold (two tabs) book it once; the other books nothing.
 */
export const reserveHold: ServiceExecutor = {
  async apply(tx, ctx) {
    const { rowCount } = await tx.query(
      `UPDATE flight_holds SET journal_id = $1
        WHERE id = $2 AND customer_id = $3 AND expires_at > now()
          AND (journal_id IS NULL OR journal_id IN (SELECT id FROM journal WHERE status = 'failed'))`,
      [ctx.journalId, Number(ctx.details.holdId), ctx.customerId],
    );
    if (rowCount !== 1) throw travelErrors.holdExpired('/form/hold');
    return {};
  },
};

export const travelLookups = { 'flight.fare': flightFare } as const;
export const travelServiceExecutors = { 'flight.reserve': reserveHold } as const;
export const travelExecutors = { 'flight.book': bookFlight } as const;
export const travelChoiceSources = { 'flight.holds': openHolds } as const;
