import type { FastifyInstance } from 'fastify';
import { hashSecret, verifySecret } from '../auth/password';
import { checkRules, RULES } from './rules';
import { registrationErrors as E } from './errors';
import { assertNotRateLimited, clientKey, recordFailure } from './attempts';
import { body, emptyBody, str } from './route-schemas';
import { createSession, extendSession, loadSession } from './sessions';

const maskCard = (n: string) => `${n.slice(0, 4)} **** **** ${n.slice(-4)}`;

/** Card activation: the holder proves the card, confirms an OTP and sets the card's PIN. */
export default async function cardActivationRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const phonesOf = (customerId: number) => app.otp.phones(db, customerId);

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
      schema: emptyBody,
    },
    async (request) => extendSession(db, request, 'card_activation'),
  );
}
