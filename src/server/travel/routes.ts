import type { FastifyInstance } from 'fastify';
import { customerOf } from '../http/session-customer';
import { moneySchema, localizedTextSchema } from '../http/common-schemas';
import type { BookingStatus, FlightBooking } from '../../shared/travel';
import { airports, searchFlights, type FlightSearch } from './airline';
import { HOLD_MINUTES, holdFlight, TRAVEL_FLOW } from './bookings';

export interface TravelRoutesOptions {
  now?: () => Date;
}

const text = localizedTextSchema;
const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const offerProps = {
  offerId: str,
  airline: str,
  airlineName: text,
  flightNumber: str,
  from: str,
  to: str,
  date: str,
  departure: str,
  arrival: str,
  departureLocal: str,
  arrivalLocal: str,
  arrivalDayOffset: int,
  durationMinutes: int,
  fare: moneySchema,
  seatsLeft: int,
  baggageKg: int,
  service: { enum: ['full', 'low-cost'] },
} as const;
const offerSchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(offerProps),
  properties: offerProps,
} as const;
const airport = { type: 'string', pattern: '^[A-Z]{3}$' } as const;
const bookingProps = {
  referenceNo: str,
  bookedAt: str,
  status: { enum: ['issued', 'ticketing', 'failed', 'completed'] },
  bookingCode: { type: ['string', 'null'] },
  airlineName: text,
  flightNumber: str,
  itinerary: str,
  route: text,
  departureAt: str,
  departureText: text,
  arrivalText: text,
  passengerNames: str,
  passengerCount: int,
  total: moneySchema,
  error: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['en', 'id'],
    properties: text.properties,
  },
} as const;

/**
 * The travel concierge's own calls: searching the airlines and holding a fare for the booking flow
 * (the booking and its payment are the engine's flow `travel.flight`), and the customer's bookings.
 */
export default async function travelRoutes(app: FastifyInstance, opts: TravelRoutesOptions): Promise<void> {
  const now = opts.now ?? (() => new Date());
  const authed = { preHandler: app.requireSession };

  app.post(
    '/api/travel/v1/airports',
    {
      ...authed,
      schema: {
        tags: ['travel'],
        summary: 'The airports the airlines fly from and to (lists/airports.json)',
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['airports'],
            properties: {
              airports: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['code', 'name', 'city', 'country'],
                  properties: { code: str, name: text, city: str, country: str },
                },
              },
            },
          },
        },
      },
    },
    async () => ({
      airports: airports().map((a) => ({ code: a.code, name: a.name, city: a.city, country: a.country })),
    }),
  );

  app.post(
    '/api/travel/v1/search',
    {
      ...authed,
      schema: {
        tags: ['travel'],
        summary: "The day's flights on a route, with fares per passenger and seats left (sold out: 0)",
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['from', 'to', 'date', 'passengers'],
          properties: {
            from: airport,
            to: airport,
            date: { type: 'string', format: 'date' },
            passengers: { type: 'integer', minimum: 1, maximum: 7 },
          },
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['flights'],
            properties: { flights: { type: 'array', items: offerSchema } },
          },
        },
      },
    },
    async (request) => ({ flights: await searchFlights(request.body as FlightSearch, now()) }),
  );

  app.post(
    '/api/travel/v1/hold',
    {
      ...authed,
      schema: {
        tags: ['travel'],
        summary:
          `Holds a flight at its fare for ${HOLD_MINUTES} minutes (as long as the booking's inquiry lives, ` +
          'which ends with it) for the booking flow (refused when sold out or closed)',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['offerId', 'passengers'],
          properties: {
            offerId: {
              type: 'string',
              pattern: '^[A-Z0-9]{2}[0-9]{3}-[0-9]{4}-[0-9]{2}-[0-9]{2}-[A-Z]{3}-[A-Z]{3}$',
            },
            passengers: { type: 'integer', minimum: 1, maximum: 7 },
          },
        },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['holdId', 'expiresAt', 'flight'],
            properties: { holdId: str, expiresAt: str, flight: offerSchema },
          },
        },
      },
    },
    async (request) => {
      const { offerId, passengers } = request.body as { offerId: string; passengers: number };
      const h = await holdFlight(app.db, customerOf(request), offerId, passengers, now());
      return { holdId: String(h.holdId), expiresAt: h.expiresAt, flight: h.offer };
    },
  );

  app.post(
    '/api/travel/v1/bookings',
    {
      ...authed,
      schema: {
        tags: ['travel'],
        summary: "The customer's flight bookings, newest first, with their status",
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['bookings'],
            properties: {
              bookings: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: Object.keys(bookingProps),
                  properties: bookingProps,
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const { rows } = await app.db.query<{
        reference_no: string;
        status: 'success' | 'pending' | 'failed';
        created_at: Date | string;
        details: {
          receipt?: {
            details?: Record<string, unknown>;
            total?: { amount: number; currency: string };
            error?: Record<string, string>;
          };
        };
      }>(
        `SELECT reference_no, status, created_at, details FROM journal
          WHERE flow_id = $1 AND customer_id = $2 ORDER BY created_at DESC, id DESC LIMIT 50`,
        [TRAVEL_FLOW, customerOf(request)],
      );
      const at = now().getTime();
      const bookings: FlightBooking[] = rows.map((r) => {
        const d = r.details.receipt?.details ?? {};
        const departureAt = String(d.departureAt ?? '');
        const status: BookingStatus =
          r.status === 'pending'
            ? 'ticketing'
            : r.status === 'failed'
              ? 'failed'
              : Date.parse(departureAt) < at
                ? 'completed'
                : 'issued';
        const both = (v: unknown) =>
          v && typeof v === 'object'
            ? (v as { en: string; id: string })
            : { en: String(v ?? ''), id: String(v ?? '') };
        const e = r.details.receipt?.error;
        return {
          referenceNo: r.reference_no,
          bookedAt: new Date(r.created_at).toISOString(),
          status,
          bookingCode: typeof d.bookingCode === 'string' ? d.bookingCode : null,
          airlineName: both(d.airlineName),
          flightNumber: String(d.flightNumber ?? ''),
          itinerary: String(d.itinerary ?? ''),
          route: both(d.route),
          departureAt,
          departureText: both(d.departureText),
          arrivalText: both(d.arrivalText),
          passengerNames: String(d.passengerNames ?? ''),
          passengerCount: Number(d.passengerCount ?? 1),
          total: r.details.receipt?.total ?? { amount: 0, currency: 'IDR' },
          error:
            r.status === 'failed' && e ? { en: e.errorMessageEng ?? '', id: e.errorMessageIdn ?? '' } : null,
        };
      });
      return { bookings };
    },
  );
}
