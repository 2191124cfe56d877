import { ApiError } from '../http/api-error';
import { FARE_HOLD_MS } from '../../shared/constants';

const HOLD_MINUTES = FARE_HOLD_MS / 60_000;

const refusal = (
  status: number,
  code: string,
  titleEng: string,
  titleIdn: string,
  eng: string,
  idn: string,
  field?: string,
) =>
  new ApiError(
    status,
    'CLICKS',
    code,
    { titleEng, titleIdn, messageEng: eng, messageIdn: idn },
    field ? { [field]: { eng, idn } } : undefined,
  );

/** The travel concierge's refusals, in both languages (on the field when there is one). */
export const travelErrors = {
  unknownAirport: (field: string) =>
    refusal(
      422,
      'AIRPORT_UNKNOWN',
      'Airport not served',
      'Bandara tidak dilayani',
      'Please choose one of the airports offered.',
      'Silakan pilih salah satu bandara yang tersedia.',
      field,
    ),
  sameCity: () =>
    refusal(
      422,
      'SAME_CITY',
      'Same city',
      'Kota yang sama',
      'The departure and the destination must be different cities.',
      'Kota asal dan tujuan harus berbeda.',
      '/to',
    ),
  datePast: () =>
    refusal(
      422,
      'DATE_PAST',
      'Date has passed',
      'Tanggal sudah lewat',
      'Please choose today or a later date.',
      'Silakan pilih hari ini atau tanggal sesudahnya.',
      '/date',
    ),
  dateTooFar: (days: number) =>
    refusal(
      422,
      'DATE_TOO_FAR',
      'Date too far ahead',
      'Tanggal terlalu jauh',
      `Flights can be booked up to ${days} days ahead.`,
      `Penerbangan dapat dipesan hingga ${days} hari ke depan.`,
      '/date',
    ),
  flightNotFound: (field?: string) =>
    refusal(
      404,
      'FLIGHT_NOT_FOUND',
      'Flight not available',
      'Penerbangan tidak tersedia',
      'The airline no longer offers this flight. Please search again.',
      'Maskapai tidak lagi menawarkan penerbangan ini. Silakan cari lagi.',
      field,
    ),
  soldOut: (field?: string) =>
    refusal(
      409,
      'FLIGHT_SOLD_OUT',
      'Sold out',
      'Habis terjual',
      'Not enough seats are left on this flight for your passengers. Please choose another flight.',
      'Kursi yang tersisa di penerbangan ini tidak cukup untuk penumpang Anda. Silakan pilih penerbangan lain.',
      field,
    ),
  departed: (field?: string) =>
    refusal(
      409,
      'FLIGHT_CLOSED',
      'Booking closed',
      'Pemesanan ditutup',
      'This flight leaves in less than three hours and can no longer be booked.',
      'Penerbangan ini berangkat kurang dari tiga jam lagi dan tidak dapat dipesan.',
      field,
    ),
  holdExpired: (field?: string) =>
    refusal(
      409,
      'FARE_HOLD_EXPIRED',
      'Fare no longer held',
      'Tarif tidak lagi ditahan',
      `The fare was held for ${HOLD_MINUTES} minutes. Please search and choose the flight again.`,
      `Tarif ditahan selama ${HOLD_MINUTES} menit. Silakan cari dan pilih penerbangan lagi.`,
      field,
    ),
  passengers: (expected: number) =>
    refusal(
      422,
      'PASSENGERS_MISMATCH',
      'Check the passengers',
      'Periksa penumpang',
      `Enter the name of each of the ${expected} passenger(s) you searched for.`,
      `Masukkan nama setiap penumpang (${expected} orang) sesuai pencarian Anda.`,
      '/form/passengers',
    ),
};
