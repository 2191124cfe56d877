import type { Queryable } from '../db/db';
import { DEFAULT_BROWSER_ID } from '../../shared/constants';

/**
 * Devices enrolled for app approvals: a companion-app login on a device new to the customer is
 * answered with an SMS OTP first; the device counts only once that code was right. After a password
 * reset or a credential change each waits for the customer's review (device-review.ts): until kept it
 * counts as enrolled nowhere.
 */
export async function isEnrolled(db: Queryable, customerId: number, deviceId: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM approval_devices WHERE customer_id = $1 AND device_id = $2 AND review_asked_at IS NULL`,
    [customerId, deviceId],
  );
  return rows.length > 0;
}

/** A device of the customer's waiting for their review (kept or removed in Settings). */
export async function isUnderReview(db: Queryable, customerId: number, deviceId: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM approval_devices WHERE customer_id = $1 AND device_id = $2 AND review_asked_at IS NOT NULL`,
    [customerId, deviceId],
  );
  return rows.length > 0;
}

/**
 * Enrols the device, named as the customer will read it ("Chrome on Android") and where it was (none
 * known: "Companion app"). One already enrolled is only seen again: a review asked stays asked.
 */
export async function enrolDevice(
  db: Queryable,
  customerId: number,
  deviceId: string,
  seen?: { name: string | null; where: string },
): Promise<void> {
  await db.query(
    `INSERT INTO approval_devices (customer_id, device_id, name, enrolled_where) VALUES ($1, $2, $3, $4)
     ON CONFLICT (customer_id, device_id) DO UPDATE SET last_seen_at = now()`,
    [customerId, deviceId, seen?.name ?? null, seen?.where ?? null],
  );
}

/** The spec's fallback id '1234' names no device: it is shared by every client that sends none. */
export const canEnrol = (deviceId: string) => deviceId !== DEFAULT_BROWSER_ID;

/** Whether the customer has the companion app on an enrolled device (offered when OTP cannot be sent). */
export async function hasEnrolledDevice(db: Queryable, customerId: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM approval_devices WHERE customer_id = $1 AND review_asked_at IS NULL LIMIT 1`,
    [customerId],
  );
  return rows.length > 0;
}
