import type { FastifyInstance } from 'fastify';
import { hashSecret, verifyAgainstDecoy, verifySecret } from '../auth/password';
import { otpErrors } from '../otp/otp-errors';
import { checkRules, RULES } from './rules';
import { registrationErrors as E } from './errors';
import { assertNotRateLimited, clientKey, recordFailure } from './attempts';
import { completeRegistration } from './complete-registration';
import { EMAIL_MAX_ATTEMPTS, sendEmailCode } from './email-code';
import { body, emptyBody, str, tokenField } from './route-schemas';
import { createSession, extendSession, loadSession, type Draft } from './sessions';

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

/** Registration (spec section 7): the holder proves who they are, chooses a login, confirms phone and e-mail. */
export default async function registrationFlowRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const phonesOf = (customerId: number) => app.otp.phones(db, customerId);

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
      return db.transaction(async (tx) => sendEmailCode(app.sms, tx, { ...session, email_code_hash: null }));
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
        return sendEmailCode(app.sms, tx, session);
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
      schema: emptyBody,
    },
    async (request) => extendSession(db, request, 'registration'),
  );

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
}
