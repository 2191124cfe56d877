import type { Db } from '../db/db';

/** Seeds the demo personas once; returns true when it seeded. (Filled in by the platform work.) */
export async function seedDemo(_db: Db): Promise<boolean> {
  return false;
}
