import { createHash } from 'node:crypto';
import { apiErrorBody } from '../../shared/api-error';
import type { FlightOffer } from '../../shared/travel';
import { billerPendingMs, sleep } from '../billers/simulator';
import type { ProviderOutcome } from '../transactions/contracts';
import { referenceData } from '../reference/store';
import { travelErrors } from './errors';

export type { FlightOffer } from '../../shared/travel';

/*
 * The simulated airlines behind the travel concierge: what a real bank reaches through a travel
 * partner's GDS. A real adapter replaces this file; the rest only calls searchFlights, offerOf,
 * issueTicket and ticketStatus. Everything is a function of the route, the date and the flight, so
 * any app server answers the same (see README.md beside this file for the cases it plays).
 */

export interface Airport {
  code: string;
  name: { en: string; id: string };
  city: string;
  country: string;
  utcOffset: number;
  lat: number;
  lon: number;
}

interface Airline {
  code: string;
  name: { en: string; id: string };
  service: 'full' | 'low-cost';
  farePerKm: number;
  baggageKg: number;
  international: boolean;
  hubs: string[];
}

/** Latency of a call to the airline (AIRLINE_LATENCY_MS): 0 in tests, 400 ms elsewhere. */
export function airlineLatencyMs(): number {
  const env = process.env.AIRLINE_LATENCY_MS;
  if (env !== undefined && env !== '') return Math.max(0, Number(env) || 0);
  return process.env.NODE_ENV === 'test' ? 0 : 400;
}

const hash = (text: string): number => createHash('sha256').update(text).digest().readUInt32BE(0);

export function airports(): Airport[] {
  return (referenceData().lists.airports?.entries ?? []) as unknown as Airport[];
}
const airlines = () => (referenceData().lists.airlines?.entries ?? []) as unknown as Airline[];
export const airportOf = (code: string) => airports().find((a) => a.code === code);

function distanceKm(a: Airport, b: Airport): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(h));
}

/** Whether the airline flies the route: from or to one of its hubs, abroad only if it flies abroad. */
function flies(al: Airline, from: Airport, to: Airport): boolean {
  const abroad = from.country !== 'ID' || to.country !== 'ID';
  if (abroad && !al.international) return false;
  if (abroad) return al.hubs.includes(from.code) || al.hubs.includes(to.code);
  return (
    al.hubs.includes(from.code) ||
    al.hubs.includes(to.code) ||
    hash(`${al.code}:${from.code}:${to.code}`) % 3 === 0
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;

/** Local "YYYY-MM-DD" and "HH:MM" at the airport of an instant. */
function localOf(at: Date, a: Airport) {
  const shifted = new Date(at.getTime() + a.utcOffset * 3_600_000);
  return {
    date: shifted.toISOString().slice(0, 10),
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`,
  };
}

/** The day's flights of one airline on a route, each with its slot (minutes after local midnight). */
function schedule(al: Airline, from: Airport, to: Airport): { number: number; minutes: number }[] {
  const hub = al.hubs.includes(from.code) && al.hubs.includes(to.code);
  const count = 1 + (hash(`n:${al.code}:${from.code}:${to.code}`) % 3) + (hub ? 1 : 0);
  const out: { number: number; minutes: number }[] = [];
  for (let slot = 0; slot < count; slot++) {
    const h = hash(`s:${al.code}:${from.code}:${to.code}:${slot}`);
    // 05:00 to 21:55 local, on the five minutes; the number is the airline's for that departure.
    const minutes = 300 + (h % 204) * 5;
    const number = 100 + (hash(`f:${al.code}:${from.code}:${to.code}:${slot}`) % 900);
    if (!out.some((o) => o.number === number || Math.abs(o.minutes - minutes) < 60))
      out.push({ number, minutes });
  }
  return out;
}

/** The fare of one passenger: distance, the airline's level, the weekday and how soon; whole thousands. */
function fareOf(al: Airline, km: number, date: string, flight: string, now: Date): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  const weekend = day === 5 || day === 0 ? 1.15 : 1;
  const daysAhead = (Date.parse(`${date}T00:00:00Z`) - Date.parse(now.toISOString().slice(0, 10))) / DAY_MS;
  const soon = daysAhead < 7 ? 1.35 : daysAhead < 14 ? 1.15 : 1;
  const jitter = 0.9 + (hash(`p:${flight}:${date}`) % 31) / 100;
  const base = Math.max(km * al.farePerKm, al.service === 'full' ? 550_000_00 : 350_000_00);
  return Math.round((base * weekend * soon * jitter) / 100_000) * 100_000;
}

function offer(
  al: Airline,
  from: Airport,
  to: Airport,
  date: string,
  f: { number: number; minutes: number },
  now: Date,
): FlightOffer {
  const km = distanceKm(from, to);
  const durationMinutes = Math.round(((km / 780) * 60) / 5) * 5 + 35;
  const departure = new Date(Date.parse(`${date}T00:00:00Z`) + (f.minutes - from.utcOffset * 60) * 60_000);
  const arrival = new Date(departure.getTime() + durationMinutes * 60_000);
  const arrivalAt = localOf(arrival, to);
  const flight = `${al.code}${f.number}`;
  const seats = hash(`seats:${flight}:${date}`);
  return {
    offerId: `${flight}-${date}-${from.code}-${to.code}`,
    airline: al.code,
    airlineName: al.name,
    flightNumber: `${al.code} ${f.number}`,
    from: from.code,
    to: to.code,
    date,
    departure: departure.toISOString(),
    arrival: arrival.toISOString(),
    departureLocal: localOf(departure, from).time,
    arrivalLocal: arrivalAt.time,
    arrivalDayOffset: arrivalAt.date > date ? 1 : 0,
    durationMinutes,
    fare: { amount: fareOf(al, km, date, flight, now), currency: 'IDR' },
    // About one flight in nine is sold out; the others have 1 to 39 seats left.
    seatsLeft: seats % 9 === 0 ? 0 : 1 + (seats % 39),
    baggageKg: al.baggageKg,
    service: al.service,
  };
}

/** Flights may be booked from three hours before departure to 330 days ahead. */
const EARLIEST_MS = 3 * 3_600_000;
const LATEST_DAYS = 330;

export interface FlightSearch {
  from: string;
  to: string;
  date: string;
  passengers: number;
}

/** Every flight of the day on the route, earliest first, as the airlines answer (after their latency). */
export async function searchFlights(q: FlightSearch, now: Date): Promise<FlightOffer[]> {
  const from = airportOf(q.from);
  const to = airportOf(q.to);
  if (!from) throw travelErrors.unknownAirport('/from');
  if (!to) throw travelErrors.unknownAirport('/to');
  if (from.city === to.city) throw travelErrors.sameCity();
  const days = (Date.parse(`${q.date}T00:00:00Z`) - Date.parse(localOf(now, from).date)) / DAY_MS;
  if (!(days >= 0)) throw travelErrors.datePast();
  if (days > LATEST_DAYS) throw travelErrors.dateTooFar(LATEST_DAYS);
  await sleep(airlineLatencyMs());
  return airlines()
    .filter((al) => flies(al, from, to))
    .flatMap((al) => schedule(al, from, to).map((f) => offer(al, from, to, q.date, f, now)))
    .filter((o) => Date.parse(o.departure) - now.getTime() >= EARLIEST_MS)
    .sort((a, b) => a.departure.localeCompare(b.departure));
}

const OFFER_ID = /^([A-Z0-9]{2})(\d{3})-(\d{4}-\d{2}-\d{2})-([A-Z]{3})-([A-Z]{3})$/;

/** The flight an offer id names, priced now; undefined when the airline has no such flight that day. */
export function offerOf(offerId: string, now: Date): FlightOffer | undefined {
  const m = OFFER_ID.exec(offerId);
  if (!m) return undefined;
  const [, code, number, date, fromCode, toCode] = m;
  const al = airlines().find((a) => a.code === code);
  const from = airportOf(fromCode!);
  const to = airportOf(toCode!);
  if (!al || !from || !to || !flies(al, from, to)) return undefined;
  const f = schedule(al, from, to).find((s) => s.number === Number(number));
  return f ? offer(al, from, to, date!, f, now) : undefined;
}

/** Whether the flight can still be booked for this many passengers (departure far enough, seats left). */
export function bookable(o: FlightOffer, passengers: number, now: Date): 'ok' | 'departed' | 'soldOut' {
  if (Date.parse(o.departure) - now.getTime() < EARLIEST_MS) return 'departed';
  return o.seatsLeft >= passengers ? 'ok' : 'soldOut';
}

const answer = apiErrorBody;

/** A PNR: six letters and digits, the same for the same booking (no I, O, 0 or 1, as airlines avoid them). */
export function bookingCodeOf(seed: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const h = createHash('sha256').update(`pnr:${seed}`).digest();
  return Array.from({ length: 6 }, (_, i) => alphabet[h[i]! % alphabet.length]).join('');
}

/**
 * Issues the tickets of a paid booking. By the flight number's last digit: 3, the airline refuses
 * (the seats went while paying: the money is given back); 7, ticketing takes a while (in progress,
 * ESB 2018, issued on a later status call); otherwise issued at once with its booking code.
 */
function ticketing(offerId: string, seed: string, final: boolean): ProviderOutcome {
  const digit = OFFER_ID.exec(offerId)?.[2]?.slice(-1);
  if (digit === '3')
    return {
      ok: false,
      error: answer(
        'AIRLINE',
        'TK03',
        [
          'Tickets not issued',
          'The airline could not issue the tickets: the seats are no longer available. Your money is returned.',
        ],
        [
          'Tiket tidak terbit',
          'Maskapai tidak dapat menerbitkan tiket: kursi sudah tidak tersedia. Dana Anda dikembalikan.',
        ],
      ),
    };
  if (digit === '7' && !final)
    return {
      ok: false,
      error: answer(
        'ESB',
        '2018',
        ['Ticketing in progress', 'The airline is issuing your tickets. Please check My bookings later.'],
        [
          'Tiket sedang diterbitkan',
          'Maskapai sedang menerbitkan tiket Anda. Silakan periksa Pemesanan saya nanti.',
        ],
      ),
    };
  return { ok: true, details: { bookingCode: bookingCodeOf(seed), ticketStatus: 'issued' } };
}

export async function issueTicket(offerId: string, seed: string): Promise<ProviderOutcome> {
  await sleep(airlineLatencyMs());
  return ticketing(offerId, seed, false);
}

/** Asked again about tickets answered "in progress": issued once the airline's time has passed. */
export async function ticketStatus(offerId: string, seed: string, sentAt: Date): Promise<ProviderOutcome> {
  await sleep(airlineLatencyMs());
  return ticketing(offerId, seed, Date.now() - sentAt.getTime() >= billerPendingMs());
}
