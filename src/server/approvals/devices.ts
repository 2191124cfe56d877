import type { Queryable } from '../db/db';
import { DEFAULT_BROWSER_ID } from '../../shared/constants';

/**
 * Devices enrolled for app approvals: a companion-app login on a device new to the customer is
 * answered with an SMS OTP first; the device counts only once that code was right.
 */
export async function isEnrolled(db: Queryable, customerId: number, deviceId: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM approval_devices WHERE customer_id = $1 AND device_id = $2`,
    [customerId, deviceId],
  );
  return rows.length > 0;
}

export async function enrolDevice(db: Queryable, customerId: number, deviceId: string): Promise<void> {
  await db.query(
    `INSERT INTO approval_devices (customer_id, device_id) VALUES ($1, $2)
     ON CONFLICT (customer_id, device_id) DO UPDATE SET last_seen_at = now()`,
    [customerId, deviceId],
  );
}

/** The spec's fallback id '1234' names no device: it is shared by every client that sends none. */
export const canEnrol = (deviceId: string) => deviceId !== DEFAULT_BROWSER_ID;

/** Whether the customer has the companion app on an enrolled device (offered when OTP cannot be sent). */
export async function hasEnrolledDevice(db: Queryable, customerId: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM approval_devices WHERE customer_id = $1 LIMIT 1`, [
    customerId,
  ]);
  return rows.length > 0;
}
