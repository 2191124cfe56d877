import type { Queryable } from '../db/db';
import { NOT_YOU, tellCustomer } from '../alerts/tell-customer';
import { formatBankDay } from '../../shared/bank-time';

/*
 * The companion-app devices enrolled for approvals, as the customer sees them in Settings > Companion
 * app, and their review after a password reset or a credential change (as passkeys', passkeys/notices.ts):
 * every device is marked, named in the answer and in an alert (e-mail and mailbox), and until the
 * customer keeps it, it decides no approval and its app login is refused; the ones not kept are removed.
 * Nothing is kept silently: a phone someone else enrolled while they held the account is shown and goes.
 */

export interface DeviceView {
  id: number;
  /** "Chrome on Android": the enrolling app's browser and system; null for one enrolled before names. */
  name: string | null;
  enrolledAt: string;
  /** The same, with the address it was enrolled from. */
  enrolledWhere: string | null;
  lastSeenAt: string;
  /** Marked by a reset or change: approves nothing until kept. */
  reviewAsked: boolean;
}

interface DeviceRow {
  id: string | number;
  name: string | null;
  enrolled_at: Date | string;
  enrolled_where: string | null;
  last_seen_at: Date | string;
  review_asked_at: Date | string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

const viewOf = (r: DeviceRow): DeviceView => ({
  id: Number(r.id),
  name: r.name,
  enrolledAt: iso(r.enrolled_at),
  enrolledWhere: r.enrolled_where,
  lastSeenAt: iso(r.last_seen_at),
  reviewAsked: r.review_asked_at !== null,
});

const LINK = '/settings/companion-devices/';

/** '"Chrome on Android" (enrolled 3 Dec 2026)' in each language, as alerts and receipts name devices. */
export function devicesNamed(devices: Pick<DeviceView, 'name' | 'enrolledAt'>[]) {
  const one = (d: Pick<DeviceView, 'name' | 'enrolledAt'>, lang: 'en' | 'id') =>
    lang === 'en'
      ? `"${d.name ?? 'Companion app'}" (enrolled ${formatBankDay(d.enrolledAt, 'en')})`
      : `"${d.name ?? 'Aplikasi pendamping'}" (didaftarkan ${formatBankDay(d.enrolledAt, 'id')})`;
  return {
    eng: devices.map((d) => one(d, 'en')).join(', '),
    idn: devices.map((d) => one(d, 'id')).join(', '),
  };
}

export async function listDevices(db: Queryable, customerId: number): Promise<DeviceView[]> {
  const { rows } = await db.query<DeviceRow>(
    `SELECT id, name, enrolled_at, enrolled_where, last_seen_at, review_asked_at
       FROM approval_devices WHERE customer_id = $1 ORDER BY enrolled_at, id`,
    [customerId],
  );
  return rows.map(viewOf);
}

/**
 * A password reset or a credential change, in its transaction: every companion-app device of the
 * customer is marked for review and named in the alert. Answers the devices, as the answer names them.
 */
export async function askDeviceReview(
  tx: Queryable,
  customerId: number,
  why: 'reset' | 'change',
): Promise<DeviceView[]> {
  const { rows } = await tx.query<DeviceRow>(
    `UPDATE approval_devices SET review_asked_at = now() WHERE customer_id = $1
     RETURNING id, name, enrolled_at, enrolled_where, last_seen_at, review_asked_at`,
    [customerId],
  );
  if (!rows.length) return [];
  const devices = rows.map(viewOf).sort((a, b) => a.enrolledAt.localeCompare(b.enrolledAt) || a.id - b.id);
  const list = devicesNamed(devices);
  const what =
    why === 'reset'
      ? { eng: 'Your password was reset.', idn: 'Kata sandi Anda telah diatur ulang.' }
      : { eng: 'Your sign-in details were changed.', idn: 'Data masuk Anda telah diubah.' };
  await tellCustomer(tx, customerId, {
    subject: { eng: 'Check your companion app devices', idn: 'Periksa perangkat aplikasi pendamping Anda' },
    body: {
      eng: `${what.eng} These devices were enrolled to approve your transactions: ${list.eng}. None of them approves anything until you keep it: open Settings > Companion app and keep only yours; the others are removed. ${NOT_YOU.eng}`,
      idn: `${what.idn} Perangkat berikut terdaftar untuk menyetujui transaksi Anda: ${list.idn}. Tidak satu pun dapat menyetujui transaksi sampai Anda menyimpannya: buka Pengaturan > Aplikasi pendamping dan simpan hanya milik Anda; yang lain dihapus. ${NOT_YOU.idn}`,
    },
    link: LINK,
  });
  return devices;
}

/**
 * The customer's answer to the review: the devices kept approve again; the others under review are
 * removed (their app must enrol again, with an SMS code) and named in an alert. Answers those removed.
 */
export async function settleDeviceReview(
  tx: Queryable,
  customerId: number,
  keep: number[],
): Promise<DeviceView[]> {
  await tx.query(
    `UPDATE approval_devices SET review_asked_at = NULL
      WHERE customer_id = $1 AND id = ANY($2::bigint[]) AND review_asked_at IS NOT NULL`,
    [customerId, keep],
  );
  return removeDevices(tx, customerId, 'review_asked_at IS NOT NULL');
}

/**
 * One device the customer removes at any time (a lost or sold phone): as a device not kept in a review,
 * it approves nothing more, its app's sessions end, and the alert names it. Answers it, or nothing when
 * no device of the customer has that id.
 */
export async function removeDevice(
  tx: Queryable,
  customerId: number,
  deviceId: number,
): Promise<DeviceView[]> {
  return removeDevices(tx, customerId, 'id = $2', [deviceId]);
}

/** Removes the customer's devices that `which` picks: those under review, or the one of id $2 (`params`). */
async function removeDevices(
  tx: Queryable,
  customerId: number,
  which: 'review_asked_at IS NOT NULL' | 'id = $2',
  params: unknown[] = [],
): Promise<DeviceView[]> {
  const { rows } = await tx.query<DeviceRow>(
    `DELETE FROM approval_devices WHERE customer_id = $1 AND ${which}
     RETURNING id, name, enrolled_at, enrolled_where, last_seen_at, review_asked_at`,
    [customerId, ...params],
  );
  if (!rows.length) return [];
  const removed = rows.map(viewOf);
  // Their app sessions end too: a removed device has nothing left to do.
  await tx.query(
    `UPDATE sessions SET ended_at = now(), end_reason = 'device_removed'
      WHERE customer_id = $1 AND channel = 'mobile' AND ended_at IS NULL
        AND browser_id NOT IN (SELECT device_id FROM approval_devices WHERE customer_id = $1)`,
    [customerId],
  );
  const list = devicesNamed(removed);
  await tellCustomer(tx, customerId, {
    subject: { eng: 'Companion app device removed', idn: 'Perangkat aplikasi pendamping dihapus' },
    body: {
      eng: `Removed from your companion app devices: ${list.eng}. ${NOT_YOU.eng}`,
      idn: `Dihapus dari perangkat aplikasi pendamping Anda: ${list.idn}. ${NOT_YOU.idn}`,
    },
    link: LINK,
  });
  return removed;
}
