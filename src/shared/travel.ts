import type { Money } from './money';

/** The answers of /api/travel/v1/*: one shape for the server and the travel pages. */

export interface BilingualText {
  en: string;
  id: string;
}

/** One flight of a day as the airline offers it (fare per passenger; 0 seats left is sold out). */
export interface FlightOffer {
  /** `GA402-2026-12-12-CGK-DPS`: the flight on that day; the airline prices it again from this. */
  offerId: string;
  airline: string;
  airlineName: BilingualText;
  flightNumber: string;
  from: string;
  to: string;
  /** The departure day, local to the departure airport (YYYY-MM-DD). */
  date: string;
  /** Instants (UTC ISO) and the local clock times at each airport. */
  departure: string;
  arrival: string;
  departureLocal: string;
  arrivalLocal: string;
  /** 1 when it lands the next day (local). */
  arrivalDayOffset: number;
  durationMinutes: number;
  fare: Money;
  seatsLeft: number;
  baggageKg: number;
  service: 'full' | 'low-cost';
}

/** issued: ticketed; ticketing: paid, the airline still issuing; failed: not issued, money returned; completed: flown. */
export type BookingStatus = 'issued' | 'ticketing' | 'failed' | 'completed';

export interface FlightBooking {
  referenceNo: string;
  bookedAt: string;
  status: BookingStatus;
  bookingCode: string | null;
  airlineName: BilingualText;
  flightNumber: string;
  itinerary: string;
  route: BilingualText;
  departureAt: string;
  departureText: BilingualText;
  arrivalText: BilingualText;
  passengerNames: string;
  passengerCount: number;
  total: Money;
  /** Why it failed, when it did. */
  error: BilingualText | null;
}

/** A voucher the customer bought (/api/voucher/v1/purchases): its code once the brand sent it. */
export interface VoucherPurchase {
  referenceNo: string;
  boughtAt: string;
  status: 'success' | 'pending' | 'failed';
  brand: string;
  brandName: BilingualText;
  /** The denomination's code (lists/voucher-denominations.json). */
  denomination: string;
  voucherCode: string | null;
  validUntil: string | null;
  total: Money;
}
