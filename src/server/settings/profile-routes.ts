import type { FastifyInstance } from 'fastify';
import type { Profile } from '../../shared/settings';
import { arr, empty, nullable, obj, str } from '../myaccount/schemas';
import { maskEmail, maskPhone } from './masks';
import { settingsPost } from './route-kit';

/** Personal information as the bank holds it (read only). */
export default async function profileRoutes(app: FastifyInstance): Promise<void> {
  const post = settingsPost(app);

  post(
    '/api/settings/v1/profile',
    'Personal information as the bank holds it (phone and e-mail masked)',
    empty,
    obj({
      title: str,
      fullName: str,
      displayName: str,
      userId: str,
      cif: str,
      email: nullable(str),
      dateOfBirth: nullable(str),
      phones: arr(str),
      memberSince: str,
    }),
    async (customerId): Promise<Profile> => {
      const { rows } = await app.db.query<{
        title: string;
        full_name: string;
        display_name: string | null;
        user_id: string;
        cif: string;
        email: string | null;
        date_of_birth: string | null;
        created_at: Date | string;
      }>(
        `SELECT title, full_name, display_name, user_id, cif, email, date_of_birth::text AS date_of_birth, created_at
           FROM customers WHERE id = $1`,
        [customerId],
      );
      const c = rows[0]!;
      const phones = await app.db.query<{ phone: string }>(
        'SELECT phone FROM customer_phones WHERE customer_id = $1 ORDER BY id',
        [customerId],
      );
      return {
        title: c.title,
        fullName: c.full_name,
        displayName: c.display_name || c.full_name,
        userId: c.user_id,
        cif: c.cif,
        email: c.email ? maskEmail(c.email) : null,
        dateOfBirth: c.date_of_birth,
        phones: phones.rows.map((p) => maskPhone(p.phone)),
        memberSince: new Date(c.created_at).toISOString().slice(0, 10),
      };
    },
  );
}
