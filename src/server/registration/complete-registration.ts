import type { FastifyInstance } from 'fastify';
import { registrationErrors as E } from './errors';
import type { SessionRow } from './sessions';

/** Creates the login in one transaction: user id, password, secure word, e-mail and (maybe) app PIN. */
export async function completeRegistration(db: FastifyInstance['db'], session: SessionRow) {
  const d = session.draft;
  if (!d.userId || !d.passwordHash || !d.secureWord || !d.email) throw E.wrongStep();
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: string | null }>(
      'SELECT user_id FROM customers WHERE id = $1 FOR UPDATE',
      [session.customer_id],
    );
    if (rows[0]?.user_id) throw E.alreadyRegistered();
    const taken = await tx.query('SELECT 1 FROM customers WHERE lower(user_id) = lower($1)', [d.userId]);
    if (taken.rows.length > 0) throw E.userIdTaken();
    const appFails =
      d.mobileLogin &&
      (
        await tx.query('SELECT 1 FROM registration_app_failures WHERE customer_id = $1', [
          session.customer_id,
        ])
      ).rows.length > 0;
    await tx.query('UPDATE customers SET user_id = $2, secure_word = $3, email = $4 WHERE id = $1', [
      session.customer_id,
      d.userId,
      d.secureWord,
      d.email,
    ]);
    const appPinHash = d.mobileLogin && !appFails ? (d.appPinHash ?? null) : null;
    await tx.query(
      `INSERT INTO credentials (customer_id, password_hash, app_pin_hash) VALUES ($1, $2, $3)
       ON CONFLICT (customer_id) DO UPDATE
         SET password_hash = EXCLUDED.password_hash, app_pin_hash = EXCLUDED.app_pin_hash,
             failed_attempts = 0, locked_until = NULL, updated_at = now()`,
      [session.customer_id, d.passwordHash, appPinHash],
    );
    const outcome: 'success' | 'partial' = appFails ? 'partial' : 'success';
    // Drop the secrets' hashes from the draft once they live in credentials.
    const kept = { userId: d.userId, email: d.email, mobileLogin: d.mobileLogin, outcome };
    await tx.query(`UPDATE registration_sessions SET step = 'done', draft = $2 WHERE id = $1`, [
      session.id,
      JSON.stringify(kept),
    ]);
    return { outcome, userId: d.userId, mobileLogin: Boolean(d.mobileLogin) };
  });
}
