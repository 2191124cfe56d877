import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db';
import { invalidRequest } from '../http/api-error';
import { otpErrors } from '../otp/otp-errors';
import { hashSecret, verifyAgainstDecoy, verifySecret } from './password';
import { clearFailures, failureKey, isLocked, recordFailure } from './failures';
import { endCustomerSessions } from './sessions';
import { routeSchema } from './schemas';
import { dataIncorrect, forgotExpired, forgotLocked } from './texts';
import { randomToken, sha256Hex } from './tokens';
import { askPasskeyReview } from '../passkeys/notices';
import { askDeviceReview } from '../approvals/device-review';

export type ForgotKind = 'userid' | 'password' | 'edebit';

/** How long a forgotToken lives after the credentials step. */
export const FORGOT_TTL_MS = 10 * 60_000;

/** Placed after "untuk" in the OTP SMS. */
const OTP_CONTEXT: Record<ForgotKind, string> = {
  userid: 'lupa User ID / forgot user ID',
  password: 'lupa password / forgot password',
  edebit: 'lupa nomor e-Debit / forgot e-debit number',
};

const CASA = `('savings', 'current')`;

interface Match {
  customerId: number;
  accountId: number | null;
}

type RateConfig = { max: number; timeWindow: number; groupId: string };

/** The identifier whose failures are counted: the account or card number, or the user id. */
const counterKey = (kind: ForgotKind, b: Record<string, string>) =>
  failureKey(`forgot.${kind}`, kind === 'userid' ? (b.accountNumber ?? b.creditCardNumber!) : b.userId!);

/** The credentials step of each forgot flow: who matches. */
const validators: Record<
  ForgotKind,
  (db: Queryable, body: Record<string, string>) => Promise<{ match: Match | null }>
> = {
  async userid(db, b) {
    if (b.accountNumber) {
      const { rows } = await db.query<{ id: number; account_id: number }>(
        `SELECT c.id, a.id AS account_id FROM accounts a JOIN customers c ON c.id = a.customer_id
          WHERE a.account_no = $1 AND a.product IN ${CASA} AND a.status = 'active'
            AND c.date_of_birth = $2::date AND c.user_id IS NOT NULL`,
        [b.accountNumber, b.dateOfBirth],
      );
      const r = rows[0];
      return {
        match: r ? { customerId: r.id, accountId: r.account_id } : null,
      };
    }
    const { rows } = await db.query<{ id: number; account_id: number }>(
      `SELECT c.id, a.id AS account_id FROM card_accounts ca
         JOIN accounts a ON a.id = ca.account_id JOIN customers c ON c.id = a.customer_id
        WHERE ca.card_no = $1 AND c.date_of_birth = $2::date AND c.user_id IS NOT NULL`,
      [b.creditCardNumber, b.dateOfBirth],
    );
    const r = rows[0];
    return {
      match: r ? { customerId: r.id, accountId: r.account_id } : null,
    };
  },

  async password(db, b) {
    const { rows } = await db.query<{ id: number; account_id: number; pin_hash: string }>(
      `SELECT c.id, a.id AS account_id, ac.pin_hash
         FROM customers c
         JOIN accounts a ON a.customer_id = c.id AND a.account_no = $2 AND a.product IN ${CASA} AND a.status = 'active'
         JOIN atm_cards ac ON ac.account_id = a.id AND ac.card_last4 = $3
        WHERE lower(c.user_id) = lower($1)`,
      [b.userId!.trim(), b.accountNumber, b.atmCardLast4],
    );
    const r = rows[0];
    // One argon2id verification whether or not the data matched, so timing tells nothing.
    const pinOk = r ? await verifySecret(r.pin_hash, b.atmPin!) : await verifyAgainstDecoy(b.atmPin!);
    return {
      match: r && pinOk ? { customerId: r.id, accountId: r.account_id } : null,
    };
  },

  async edebit(db, b) {
    const { rows } = await db.query<{ id: number; account_id: number }>(
      `SELECT c.id, a.id AS account_id
         FROM customers c
         JOIN accounts a ON a.customer_id = c.id AND a.account_no = $3 AND a.product IN ${CASA} AND a.status = 'active'
        WHERE lower(c.user_id) = lower($1) AND c.date_of_birth = $2::date
          AND EXISTS (SELECT 1 FROM atm_cards ac WHERE ac.account_id = a.id)`,
      [b.userId!.trim(), b.dateOfBirth, b.accountNumber],
    );
    const r = rows[0];
    return {
      match: r ? { customerId: r.id, accountId: r.account_id } : null,
    };
  },
};

interface ForgotRow {
  id: number;
  customer_id: number;
  account_id: number | null;
  phone_id: number | null;
  otp_request_id: string | null;
}

async function findForgot(db: Queryable, token: string, kind: ForgotKind): Promise<ForgotRow> {
  const { rows } = await db.query<ForgotRow>(
    `SELECT id, customer_id, account_id, phone_id, otp_request_id FROM forgot_requests
      WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > now()`,
    [sha256Hex(token), kind],
  );
  if (!rows[0]) throw forgotExpired();
  return rows[0];
}

/** "800123456845" -> "8001****6845". */
const maskAccount = (no: string) => no.slice(0, 4) + '*'.repeat(Math.max(0, no.length - 8)) + no.slice(-4);

/** Forgot user id / password / e-debit number: validate -> sendotp -> validateotp (spec section 2, login area). */
export function forgotRoutes(app: FastifyInstance, rate: RateConfig): void {
  const db = app.db;
  for (const kind of ['userid', 'password', 'edebit'] as const) {
    const base = `/api/v1/forgot/${kind}`;

    app.post(
      `${base}/validate`,
      {
        schema: {
          body: routeSchema(`forgot-${kind}-validate.request`),
          response: { 200: routeSchema('forgot-validate.response') },
        },
        config: { rateLimit: rate },
      },
      async (request) => {
        const b = request.body as Record<string, string>;
        const key = counterKey(kind, b);
        if (await isLocked(db, key)) throw forgotLocked();
        const { match } = await validators[kind](db, b);
        if (!match) {
          if (await recordFailure(db, key)) throw forgotLocked();
          throw dataIncorrect();
        }
        await clearFailures(db, key);
        const forgotToken = randomToken();
        await db.query(
          `INSERT INTO forgot_requests (token_hash, kind, customer_id, account_id, expires_at)
           VALUES ($1, $2, $3, $4, now() + $5::int * interval '1 millisecond')`,
          [sha256Hex(forgotToken), kind, match.customerId, match.accountId, FORGOT_TTL_MS],
        );
        const phones = await app.otp.phones(db, match.customerId);
        return { forgotToken, phones };
      },
    );

    app.post(
      `${base}/sendotp`,
      {
        schema: {
          body: routeSchema('forgot-sendotp.request'),
          response: { 200: routeSchema('otp-challenge') },
        },
        config: { rateLimit: rate },
      },
      async (request) => {
        const { forgotToken, phoneId } = request.body as { forgotToken: string; phoneId: number };
        const row = await findForgot(db, forgotToken, kind);
        // The same phone again while its OTP lives is the resend (countdown and maximum apply).
        const otp =
          row.otp_request_id && row.phone_id === phoneId
            ? await app.otp.resend(db, row.otp_request_id, row.customer_id)
            : await app.otp.issue(db, {
                customerId: row.customer_id,
                phoneId,
                purpose: `forgot.${kind}`,
                context: OTP_CONTEXT[kind],
              });
        await db.query(`UPDATE forgot_requests SET phone_id = $2, otp_request_id = $3 WHERE id = $1`, [
          row.id,
          otp.phoneId,
          otp.requestId,
        ]);
        return otp;
      },
    );

    app.post(
      `${base}/validateotp`,
      {
        schema: {
          body: routeSchema(
            kind === 'password' ? 'forgot-password-validateotp.request' : 'forgot-validateotp.request',
          ),
          response: { 200: routeSchema('forgot-validateotp.response') },
        },
        config: { rateLimit: rate },
      },
      async (request) => {
        const b = request.body as {
          forgotToken: string;
          requestId: string;
          otp: string;
          newPassword?: string;
        };
        const row = await findForgot(db, b.forgotToken, kind);
        if (!row.otp_request_id || row.otp_request_id !== b.requestId || row.phone_id === null) {
          throw otpErrors.expired();
        }
        const { rows } = await db.query<{
          user_id: string;
          secure_word: string | null;
          password_hash: string | null;
          phone: string;
        }>(
          `SELECT c.user_id, c.secure_word, cr.password_hash, p.phone
             FROM customers c LEFT JOIN credentials cr ON cr.customer_id = c.id
             JOIN customer_phones p ON p.id = $2 AND p.customer_id = c.id
            WHERE c.id = $1`,
          [row.customer_id, row.phone_id],
        );
        const who = rows[0];
        if (!who) throw forgotExpired();

        let newHash: string | null = null;
        if (kind === 'password') {
          // Checked before the OTP so a rule failure does not spend the code.
          const pw = b.newPassword!;
          // Spec 5 says "not equal"; the schema already makes equality impossible (a password needs a
          // special character, ids and secure words have none), so hold the microsite's "not contain".
          const contains = (other: string | null) =>
            !!other && pw.toLowerCase().includes(other.toLowerCase());
          if (contains(who.user_id) || contains(who.secure_word)) {
            throw invalidRequest({
              '/newPassword': {
                eng: 'Password must not contain your user ID or secure word',
                idn: 'Password tidak boleh mengandung User ID atau secure word Anda',
              },
            });
          }
          if (who.password_hash && (await verifySecret(who.password_hash, pw))) {
            throw invalidRequest({
              '/newPassword': {
                eng: 'Please choose a password different from your current one',
                idn: 'Silakan pilih password yang berbeda dari password Anda saat ini',
              },
            });
          }
          newHash = await hashSecret(pw);
        }

        // Outside the transaction below: a wrong code's attempt count must stick.
        await app.otp.verify(db, b.requestId, row.customer_id, b.otp);

        let passkeys: string[] = [];
        let devices: { name: string | null; enrolledAt: string }[] = [];
        const result = await db.transaction(async (tx) => {
          const claimed = await tx.query(
            `UPDATE forgot_requests SET used_at = now() WHERE id = $1 AND used_at IS NULL`,
            [row.id],
          );
          if (claimed.rowCount !== 1) throw forgotExpired();
          if (kind === 'userid') {
            await app.sms.send(
              who.phone,
              `User ID internet banking Anda: ${who.user_id}. JANGAN BERIKAN kepada siapa pun. / Your internet banking user ID: ${who.user_id}.`,
              tx,
            );
            return 'userid_sent' as const;
          }
          if (kind === 'password') {
            await tx.query(
              `UPDATE credentials SET password_hash = $2, failed_attempts = 0, locked_until = NULL, updated_at = now()
                WHERE customer_id = $1`,
              [row.customer_id, newHash],
            );
            await endCustomerSessions(tx, row.customer_id, 'password_reset');
            // Passkeys are not kept unseen: named in the alert and the answer, usable again once kept.
            passkeys = await askPasskeyReview(tx, row.customer_id, 'reset');
            // So are companion-app devices: none approves again until the customer keeps it.
            devices = (await askDeviceReview(tx, row.customer_id, 'reset')).map((d) => ({
              name: d.name,
              enrolledAt: d.enrolledAt,
            }));
            await clearFailures(tx, failureKey('login', who.user_id));
            await app.sms.send(
              who.phone,
              'Password internet banking Anda telah diubah. Jika bukan Anda, hubungi 14041. / Your internet banking password was changed. If this was not you, call 14041.',
              tx,
            );
            return 'password_changed' as const;
          }
          const card = await tx.query<{ card_last4: string; account_no: string }>(
            `SELECT ac.card_last4, a.account_no FROM atm_cards ac JOIN accounts a ON a.id = ac.account_id
              WHERE ac.account_id = $1 ORDER BY ac.id LIMIT 1`,
            [row.account_id],
          );
          const c = card.rows[0];
          if (!c) throw forgotExpired();
          const masked = `**** **** **** ${c.card_last4}`;
          await app.sms.send(
            who.phone,
            `Nomor e-Debit untuk rekening ${maskAccount(c.account_no)}: ${masked}. / Your e-debit number for account ${maskAccount(c.account_no)}: ${masked}.`,
            tx,
          );
          return 'edebit_sent' as const;
        });

        const phones = await app.otp.phones(db, row.customer_id);
        const maskedPhone = phones.find((p) => p.phoneId === row.phone_id)?.maskedPhone ?? '';
        return {
          result,
          maskedPhone,
          ...(passkeys.length ? { passkeys } : {}),
          ...(devices.length ? { devices } : {}),
        };
      },
    );
  }
}
