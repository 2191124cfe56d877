import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Queryable } from '../db/db';
import { hashSecret, verifyAgainstDecoy, verifySecret } from '../auth/password';
import { otpErrors } from '../otp/otp-errors';
import { OTP } from '../../shared/constants';
import { checkRules, RULES } from './rules';
import { registrationErrors as E } from './errors';
import standinRoutes from './standins';

/** How long a registration token lives without an extendcache call. */
export const REGISTRATION_TTL_MS = 10 * 60_000;
/** Failed credential checks allowed per client address and per account in the window. */
export const CREDENTIAL_RATE_LIMIT = { max: 10, windowMs: 15 * 60_000 };
const EMAIL_MAX_ATTEMPTS = 3;
const EMAIL_MAX_SENDS = 4;

type Kind = 'registration' | 'card_activation';
interface SessionRow {
  id: number;
  kind: Kind;
  customer_id: number;
  registration_type: string;
  step: string;
  credit_card_id: number | null;
  draft: Draft;
  otp_request_id: string | null;
  email_code_hash: string | null;
  email_attempts: number;
  email_wait_ms: number;
}
interface Draft {
  userId?: string;
  passwordHash?: string;
  secureWord?: string;
  email?: string;
  promoCode?: string;
  referralCode?: string;
  salesCode?: string;
  mobileLogin?: boolean;
  appPinHash?: string;
  emailSends?: number;
  outcome?: 'success' | 'partial';
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

const str = (maxLength: number) => ({ type: 'string', maxLength });
const body = (properties: Record<string, unknown>, required: string[]) => ({
  tags: ['registration'],
  body: { type: 'object', additionalProperties: false, properties, required },
});
const tokenField = { token: str(100) };

async function loadSession(db: Queryable, token: unknown, kind: Kind, lock = false): Promise<SessionRow> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) throw E.sessionExpired();
  const { rows } = await db.query<SessionRow>(
    `SELECT id, kind, customer_id, registration_type, step, credit_card_id, draft, otp_request_id,
            email_code_hash, email_attempts,
            greatest(0, extract(epoch FROM (email_code_expires_at - now())) * 1000)::int AS email_wait_ms
       FROM registration_sessions
      WHERE token_hash = $1 AND kind = $2 AND expires_at > now()${lock ? ' FOR UPDATE' : ''}`,
    [sha256(token), kind],
  );
  const row = rows[0];
  if (!row) throw E.sessionExpired();
  return { ...row, id: Number(row.id), customer_id: Number(row.customer_id) };
}

async function createSession(
  db: Queryable,
  kind: Kind,
  customerId: number,
  registrationType: string,
  creditCardId: number | null = null,
): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  // Forget attempts that died more than a day ago (what they chose is of no use any more).
  await db.query(`DELETE FROM registration_sessions WHERE expires_at < now() - interval '1 day'`);
  const { rows } = await db.query<{ expires_at: Date | string }>(
    `INSERT INTO registration_sessions (token_hash, kind, customer_id, registration_type, step, credit_card_id, expires_at)
     VALUES ($1, $2, $3, $4, 'validated', $5, now() + make_interval(secs => $6)) RETURNING expires_at`,
    [sha256(token), kind, customerId, registrationType, creditCardId, REGISTRATION_TTL_MS / 1000],
  );
  return { token, expiresAt: new Date(rows[0]!.expires_at).toISOString() };
}

/** Refuses the check when the address or the account has failed too often recently. */
async function assertNotRateLimited(db: Queryable, keys: string[]): Promise<void> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM registration_attempts
      WHERE client_key = ANY($1) AND created_at > now() - make_interval(secs => $2)
      GROUP BY client_key ORDER BY n DESC LIMIT 1`,
    [keys, CREDENTIAL_RATE_LIMIT.windowMs / 1000],
  );
  if ((rows[0]?.n ?? 0) >= CREDENTIAL_RATE_LIMIT.max) throw E.rateLimited();
}

async function recordFailure(db: Queryable, keys: string[]): Promise<void> {
  for (const key of keys) {
    await db.query('INSERT INTO registration_attempts (client_key) VALUES ($1)', [key]);
    // Keep only the window's rows for this key: the table stays small without a sweeper.
    await db.query(
      `DELETE FROM registration_attempts WHERE client_key = $1 AND created_at < now() - make_interval(secs => $2)`,
      [key, CREDENTIAL_RATE_LIMIT.windowMs / 1000],
    );
  }
}

interface HolderRow {
  customer_id: number;
  user_id: string | null;
  cif_status: string;
  cif_blocked_text: string | null;
  cif_blocked_text_idn: string | null;
  full_name: string;
  title: string;
}

function assertRegistrable(h: HolderRow): void {
  if (h.cif_status === 'blocked')
    throw E.cifBlocked({
      en: h.cif_blocked_text ?? 'Your registration cannot be processed',
      id: h.cif_blocked_text_idn ?? (h.cif_blocked_text ? null : 'Registrasi Anda tidak dapat diproses'),
    });
  if (h.user_id) throw E.alreadyRegistered();
}

/** Registration (spec section 7), card activation, pre-login live chat and the stand-in pages. */
export default async function registrationRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const clientKey = (request: FastifyRequest) => `ip:${request.ip}`;
  const phonesOf = (customerId: number) => app.otp.phones(db, customerId);

  // ---------------------------------------------------------------- registration
  app.post(
    '/api/v1/registration/validateaccount/casa',
    {
      schema: body({ accountNumber: str(40), atmCardLast4: str(10), atmPin: str(10) }, [
        'accountNumber',
        'atmCardLast4',
        'atmPin',
      ]),
    },
    async (request) => {
      const form = request.body as { accountNumber: string; atmCardLast4: string; atmPin: string };
      checkRules(RULES.casaDetails, form);
      const keys = [clientKey(request), `acct:${form.accountNumber}`];
      await assertNotRateLimited(db, keys);
      const { rows } = await db.query<HolderRow & { pin_hash: string }>(
        `SELECT c.id AS customer_id, c.user_id, c.cif_status, c.cif_blocked_text, c.cif_blocked_text_idn, c.full_name, c.title, k.pin_hash
           FROM accounts a
           JOIN customers c ON c.id = a.customer_id
           JOIN atm_cards k ON k.account_id = a.id AND k.card_last4 = $2
          WHERE a.account_no = $1 AND a.product IN ('savings', 'current') AND a.status = 'active'`,
        [form.accountNumber, form.atmCardLast4],
      );
      const holder = rows[0];
      const ok = holder
        ? await verifySecret(holder.pin_hash, form.atmPin)
        : await verifyAgainstDecoy(form.atmPin);
      if (!holder || !ok) {
        await recordFailure(db, keys);
        throw E.wrongData();
      }
      assertRegistrable(holder);
      const session = await createSession(db, 'registration', Number(holder.customer_id), 'casa');
      return { ...session, registrationType: 'casa', title: holder.title, fullName: holder.full_name };
    },
  );

  app.post(
    '/api/v1/registration/validateaccount/cc',
    { schema: body({ cardNumber: str(40), dateOfBirth: str(20) }, ['cardNumber', 'dateOfBirth']) },
    async (request) => {
      const form = request.body as { cardNumber: string; dateOfBirth: string };
      checkRules(RULES.ccDetails, form);
      const keys = [clientKey(request), `card:${form.cardNumber}`];
      await assertNotRateLimited(db, keys);
      const { rows } = await db.query<HolderRow>(
        `SELECT c.id AS customer_id, c.user_id, c.cif_status, c.cif_blocked_text, c.cif_blocked_text_idn, c.full_name, c.title
           FROM credit_cards k JOIN customers c ON c.id = k.customer_id
          WHERE k.card_number = $1 AND k.status <> 'blocked' AND c.date_of_birth = $2::date`,
        [form.cardNumber, form.dateOfBirth],
      );
      const holder = rows[0];
      if (!holder) {
        await recordFailure(db, keys);
        throw E.wrongData();
      }
      assertRegistrable(holder);
      const session = await createSession(db, 'registration', Number(holder.customer_id), 'cc');
      return { ...session, registrationType: 'cc', title: holder.title, fullName: holder.full_name };
    },
  );

  app.post(
    '/api/v1/registration/validateregistration',
    {
      schema: body(
        {
          ...tokenField,
          userId: str(40),
          password: str(40),
          secureWord: str(40),
          email: str(120),
          promoCode: str(40),
          referralCode: str(40),
          salesCode: str(40),
          mobileLogin: { type: 'boolean' },
          appPin: str(10),
        },
        ['token', 'userId', 'password', 'secureWord', 'email', 'mobileLogin'],
      ),
    },
    async (request) => {
      const { token, ...form } = request.body as Record<string, unknown> & {
        token: string;
        userId: string;
        password: string;
        secureWord: string;
        email: string;
        promoCode?: string;
        referralCode?: string;
        salesCode?: string;
        mobileLogin: boolean;
        appPin?: string;
      };
      const session = await loadSession(db, token, 'registration');
      if (!['validated', 'userinfo', 'otp_sent'].includes(session.step)) throw E.wrongStep();
      checkRules(RULES.userInfo, form);
      const taken = await db.query('SELECT 1 FROM customers WHERE lower(user_id) = lower($1)', [form.userId]);
      if (taken.rows.length > 0) throw E.userIdTaken();
      const draft: Draft = {
        userId: form.userId,
        passwordHash: await hashSecret(form.password),
        secureWord: form.secureWord,
        email: form.email,
        promoCode: form.promoCode || undefined,
        referralCode: form.referralCode || undefined,
        salesCode: form.salesCode || undefined,
        mobileLogin: form.mobileLogin,
        appPinHash: form.mobileLogin && form.appPin ? await hashSecret(form.appPin) : undefined,
      };
      await db.query(
        `UPDATE registration_sessions SET step = 'userinfo', draft = $2, otp_request_id = NULL WHERE id = $1`,
        [session.id, JSON.stringify(draft)],
      );
      return { phones: await phonesOf(session.customer_id) };
    },
  );

  app.post(
    '/api/v1/registration/sendregistrationotp',
    {
      schema: body({ ...tokenField, phoneId: { type: 'integer', minimum: 1 }, resend: { type: 'boolean' } }, [
        'token',
        'phoneId',
      ]),
    },
    async (request) => {
      const { token, phoneId, resend } = request.body as { token: string; phoneId: number; resend?: boolean };
      const session = await loadSession(db, token, 'registration');
      if (!['userinfo', 'otp_sent'].includes(session.step)) throw E.wrongStep();
      const otp =
        resend && session.otp_request_id
          ? await app.otp.resend(db, session.otp_request_id, session.customer_id)
          : await app.otp.issue(db, {
              customerId: session.customer_id,
              phoneId,
              purpose: 'registration',
              context: 'registrasi internet banking',
            });
      await db.query(
        `UPDATE registration_sessions SET step = 'otp_sent', otp_request_id = $2 WHERE id = $1`,
        [session.id, otp.requestId],
      );
      return otp;
    },
  );

  const sendEmailCode = async (tx: Queryable, session: SessionRow) => {
    const draft = session.draft;
    const sends = draft.emailSends ?? 0;
    if (sends >= EMAIL_MAX_SENDS) throw otpErrors.resendLimit();
    if (session.email_code_hash && session.email_wait_ms > 0)
      throw E.resendTooSoon(Math.ceil(session.email_wait_ms / 1000));
    const code = String(randomInt(0, 10 ** OTP.digits)).padStart(OTP.digits, '0');
    await tx.query(
      `UPDATE registration_sessions
          SET step = 'email_sent', email_code_hash = $2, email_attempts = 0,
              email_code_expires_at = now() + make_interval(secs => $3), draft = $4
        WHERE id = $1`,
      [
        session.id,
        await hashSecret(code),
        OTP.resendCountdownS,
        JSON.stringify({ ...draft, emailSends: sends + 1 }),
      ],
    );
    // The demo outbox doubles as the mailbox; a real bank plugs its e-mail gateway in here.
    await app.sms.send(
      draft.email!,
      `Kode verifikasi email Anda: ${code}. Your e-mail verification code: ${code}.`,
      tx,
    );
    return {
      email: draft.email!,
      resendAvailableAt: new Date(Date.now() + OTP.resendCountdownS * 1000).toISOString(),
    };
  };

  app.post(
    '/api/v1/registration/validateotpregister',
    { schema: body({ ...tokenField, requestId: str(100), otp: str(20) }, ['token', 'requestId', 'otp']) },
    async (request) => {
      const { token, requestId, otp } = request.body as { token: string; requestId: string; otp: string };
      checkRules(RULES.otp, { otp });
      const session = await loadSession(db, token, 'registration');
      if (session.step !== 'otp_sent' || session.otp_request_id !== requestId) throw E.wrongStep();
      // Outside a transaction: a wrong code's attempt count must survive the error.
      await app.otp.verify(db, requestId, session.customer_id, otp);
      return db.transaction(async (tx) => sendEmailCode(tx, { ...session, email_code_hash: null }));
    },
  );

  app.post(
    '/api/v1/registration/sendregistrationotp/email',
    { schema: body(tokenField, ['token']) },
    async (request) => {
      const { token } = request.body as { token: string };
      return db.transaction(async (tx) => {
        const session = await loadSession(tx, token, 'registration', true);
        if (session.step !== 'email_sent') throw E.wrongStep();
        return sendEmailCode(tx, session);
      });
    },
  );

  app.post(
    '/api/v1/registration/validateotpregister/email',
    { schema: body({ ...tokenField, otp: str(20) }, ['token', 'otp']) },
    async (request) => {
      const { token, otp } = request.body as { token: string; otp: string };
      checkRules(RULES.otp, { otp });
      const session = await loadSession(db, token, 'registration');
      if (session.step === 'done' && session.draft.outcome)
        return { outcome: session.draft.outcome, userId: session.draft.userId };
      if (session.step !== 'email_sent' || !session.email_code_hash) throw E.wrongStep();
      if (session.email_attempts >= EMAIL_MAX_ATTEMPTS) throw otpErrors.expired();
      if (!(await verifySecret(session.email_code_hash, otp))) {
        const { rows } = await db.query<{ email_attempts: number }>(
          `UPDATE registration_sessions SET email_attempts = email_attempts + 1 WHERE id = $1 RETURNING email_attempts`,
          [session.id],
        );
        const left = EMAIL_MAX_ATTEMPTS - (rows[0]?.email_attempts ?? EMAIL_MAX_ATTEMPTS);
        if (left <= 0) throw otpErrors.expired();
        throw E.emailCodeWrong(left);
      }
      return completeRegistration(db, session);
    },
  );

  app.post(
    '/api/v1/registration/extendcache',
    {
      schema: {
        tags: ['registration'],
        body: { type: 'object', additionalProperties: false, properties: {} },
      },
    },
    async (request) => extend(request, 'registration'),
  );

  async function extend(request: FastifyRequest, kind: Kind) {
    const token = request.headers['access_token'];
    const session = await loadSession(db, Array.isArray(token) ? token[0] : token, kind);
    const { rows } = await db.query<{ expires_at: Date | string }>(
      `UPDATE registration_sessions SET expires_at = now() + make_interval(secs => $2) WHERE id = $1 RETURNING expires_at`,
      [session.id, REGISTRATION_TTL_MS / 1000],
    );
    return { expiresAt: new Date(rows[0]!.expires_at).toISOString() };
  }

  app.post(
    '/api/usersettings/v1/non/email-validation',
    { schema: body({ email: str(200) }, ['email']) },
    async (request) => {
      const { email } = request.body as { email: string };
      // The user-info rules hold the e-mail rule; check only that field.
      checkRules(
        {
          type: 'object',
          properties: { email: (RULES.userInfo.properties as Record<string, unknown>).email },
          required: ['email'],
        },
        { email },
      );
      return { valid: true, email: email.trim() };
    },
  );

  // ---------------------------------------------------------------- card activation
  const CA = '/api/v1/registration/cardActivation';

  app.post(
    `${CA}/validatecc`,
    { schema: body({ cardNumber: str(40), dateOfBirth: str(20) }, ['cardNumber', 'dateOfBirth']) },
    async (request) => {
      const form = request.body as { cardNumber: string; dateOfBirth: string };
      checkRules(RULES.cardActivation, form);
      const keys = [clientKey(request), `card:${form.cardNumber}`];
      await assertNotRateLimited(db, keys);
      const { rows } = await db.query<{
        id: number;
        customer_id: number;
        status: string;
        cif_status: string;
        cif_blocked_text: string | null;
        cif_blocked_text_idn: string | null;
      }>(
        `SELECT k.id, k.customer_id, k.status, c.cif_status, c.cif_blocked_text, c.cif_blocked_text_idn
           FROM credit_cards k JOIN customers c ON c.id = k.customer_id
          WHERE k.card_number = $1 AND c.date_of_birth = $2::date`,
        [form.cardNumber, form.dateOfBirth],
      );
      const card = rows[0];
      if (!card || card.status === 'blocked') {
        await recordFailure(db, keys);
        throw E.wrongData();
      }
      if (card.cif_status === 'blocked')
        throw E.cifBlocked({
          en: card.cif_blocked_text ?? 'Your registration cannot be processed',
          id:
            card.cif_blocked_text_idn ??
            (card.cif_blocked_text ? null : 'Registrasi Anda tidak dapat diproses'),
        });
      if (card.status === 'active') throw E.alreadyActivated();
      const { token, expiresAt } = await createSession(
        db,
        'card_activation',
        Number(card.customer_id),
        'card_activation',
        Number(card.id),
      );
      return {
        secretToken: token,
        expiresAt,
        maskedCard: maskCard(form.cardNumber),
        phones: await phonesOf(Number(card.customer_id)),
      };
    },
  );

  app.post(
    `${CA}/generateotpcc`,
    {
      schema: body({ secretToken: str(100), phoneId: { type: 'integer', minimum: 1 } }, [
        'secretToken',
        'phoneId',
      ]),
    },
    async (request) => {
      const { secretToken, phoneId } = request.body as { secretToken: string; phoneId: number };
      const session = await loadSession(db, secretToken, 'card_activation');
      if (!['validated', 'otp_sent'].includes(session.step)) throw E.wrongStep();
      const otp = await app.otp.issue(db, {
        customerId: session.customer_id,
        phoneId,
        purpose: 'card.activation',
        context: 'aktivasi kartu kredit',
      });
      await db.query(
        `UPDATE registration_sessions SET step = 'otp_sent', otp_request_id = $2 WHERE id = $1`,
        [session.id, otp.requestId],
      );
      return otp;
    },
  );

  app.post(
    `${CA}/resendotpcc`,
    { schema: body({ secretToken: str(100) }, ['secretToken']) },
    async (request) => {
      const { secretToken } = request.body as { secretToken: string };
      const session = await loadSession(db, secretToken, 'card_activation');
      if (session.step !== 'otp_sent' || !session.otp_request_id) throw E.wrongStep();
      return app.otp.resend(db, session.otp_request_id, session.customer_id);
    },
  );

  app.post(
    `${CA}/validateotpactivationcc`,
    {
      schema: body({ secretToken: str(100), requestId: str(100), otp: str(20) }, [
        'secretToken',
        'requestId',
        'otp',
      ]),
    },
    async (request) => {
      const { secretToken, requestId, otp } = request.body as {
        secretToken: string;
        requestId: string;
        otp: string;
      };
      checkRules(RULES.otp, { otp });
      const session = await loadSession(db, secretToken, 'card_activation');
      if (session.step !== 'otp_sent' || session.otp_request_id !== requestId) throw E.wrongStep();
      await app.otp.verify(db, requestId, session.customer_id, otp);
      await db.query(`UPDATE registration_sessions SET step = 'otp_verified' WHERE id = $1`, [session.id]);
      return { verified: true };
    },
  );

  app.post(
    `${CA}/ccpinreset`,
    {
      schema: body({ secretToken: str(100), temporaryPin: str(10), newPin: str(10), confirmPin: str(10) }, [
        'secretToken',
        'temporaryPin',
        'newPin',
        'confirmPin',
      ]),
    },
    async (request) => {
      const { secretToken, ...form } = request.body as {
        secretToken: string;
        temporaryPin: string;
        newPin: string;
        confirmPin: string;
      };
      checkRules(RULES.changePin, form);
      const session = await loadSession(db, secretToken, 'card_activation');
      if (session.step !== 'otp_verified' || !session.credit_card_id) throw E.wrongStep();
      const keys = [clientKey(request), `cardpin:${session.credit_card_id}`];
      await assertNotRateLimited(db, keys);
      const { rows } = await db.query<{ temporary_pin_hash: string | null; card_number: string }>(
        'SELECT temporary_pin_hash, card_number FROM credit_cards WHERE id = $1',
        [session.credit_card_id],
      );
      const card = rows[0];
      if (!card?.temporary_pin_hash || !(await verifySecret(card.temporary_pin_hash, form.temporaryPin))) {
        await recordFailure(db, keys);
        throw E.wrongData();
      }
      const pinHash = await hashSecret(form.newPin);
      await db.transaction(async (tx) => {
        const upd = await tx.query(
          `UPDATE credit_cards SET status = 'active', pin_hash = $2, temporary_pin_hash = NULL, activated_at = now()
            WHERE id = $1 AND status = 'inactive'`,
          [session.credit_card_id, pinHash],
        );
        if (upd.rowCount !== 1) throw E.alreadyActivated();
        await tx.query(`UPDATE registration_sessions SET step = 'done' WHERE id = $1`, [session.id]);
      });
      return { status: 'activated', maskedCard: maskCard(card.card_number) };
    },
  );

  app.post(
    `${CA}/extendcache`,
    {
      schema: {
        tags: ['registration'],
        body: { type: 'object', additionalProperties: false, properties: {} },
      },
    },
    async (request) => extend(request, 'card_activation'),
  );

  await app.register(standinRoutes);
}

const maskCard = (n: string) => `${n.slice(0, 4)} **** **** ${n.slice(-4)}`;

/** Creates the login in one transaction: user id, password, secure word, e-mail and (maybe) app PIN. */
async function completeRegistration(db: FastifyInstance['db'], session: SessionRow) {
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
