import type { Db, Queryable } from '../db/db';
import { ApiError } from '../http/api-error';
import {
  QUESTIONNAIRE_VERSION,
  RISK_PROFILE_VALID_MONTHS,
  scoreAnswers,
  unansweredQuestions,
  type RiskProfileLevel,
} from '../../shared/invest/risk-questionnaire';
import type { Eligibility, InvestorAccount, RiskProfile } from '../../shared/invest/types';

interface ProfileRow {
  profile: number;
  score: number;
  answers: unknown;
  assessed_at: Date;
  expires_at: Date;
}

const toProfile = (r: ProfileRow, now: Date): RiskProfile => ({
  profile: r.profile as RiskProfileLevel,
  score: r.score,
  answers: (typeof r.answers === 'string' ? JSON.parse(r.answers) : r.answers) as Record<string, string>,
  assessedAt: new Date(r.assessed_at).toISOString(),
  expiresAt: new Date(r.expires_at).toISOString(),
  expired: new Date(r.expires_at).getTime() <= now.getTime(),
});

/**
 * The customer's risk profile, or null when they never filled in the questionnaire. An expired
 * profile is returned with `expired: true`: it allows nothing until the questionnaire is done again.
 * This is what the engine's eligibility gate reads.
 */
export async function riskProfileOf(
  db: Queryable,
  customerId: number,
  now = new Date(),
): Promise<RiskProfile | null> {
  const { rows } = await db.query<ProfileRow>(
    'SELECT profile, score, answers, assessed_at, expires_at FROM risk_profiles WHERE customer_id = $1',
    [customerId],
  );
  return rows[0] ? toProfile(rows[0], now) : null;
}

export async function investorAccountOf(db: Queryable, customerId: number): Promise<InvestorAccount | null> {
  const { rows } = await db.query<{ sid: string; securities_account_no: string; registered_at: Date }>(
    'SELECT sid, securities_account_no, registered_at FROM investor_accounts WHERE customer_id = $1',
    [customerId],
  );
  const r = rows[0];
  return r
    ? {
        sid: r.sid,
        securitiesAccountNo: r.securities_account_no,
        registeredAt: new Date(r.registered_at).toISOString(),
      }
    : null;
}

export const incompleteQuestionnaire = (missing: string[]) =>
  new ApiError(
    400,
    'WMS',
    'RISK_PROFILE_INCOMPLETE',
    {
      titleEng: 'Questionnaire incomplete',
      titleIdn: 'Kuesioner belum lengkap',
      messageEng: 'Answer every question to see your risk profile.',
      messageIdn: 'Jawab semua pertanyaan untuk melihat profil risiko Anda.',
    },
    Object.fromEntries(
      missing.map((id) => [`/answers/${id}`, { eng: 'Answer this question.', idn: 'Jawab pertanyaan ini.' }]),
    ),
  );

/** Scores and stores the questionnaire; the new profile replaces the old one and its acknowledgements. */
export async function saveRiskProfile(
  db: Db,
  customerId: number,
  answers: Record<string, string>,
  now: Date,
): Promise<RiskProfile> {
  const missing = unansweredQuestions(answers);
  if (missing.length) throw incompleteQuestionnaire(missing);
  const { score, profile } = scoreAnswers(answers);
  const expires = new Date(now);
  expires.setUTCMonth(expires.getUTCMonth() + RISK_PROFILE_VALID_MONTHS);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<ProfileRow>(
      `INSERT INTO risk_profiles (customer_id, profile, score, answers, questionnaire_version, assessed_at, expires_at)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)
       ON CONFLICT (customer_id) DO UPDATE SET profile = EXCLUDED.profile, score = EXCLUDED.score,
         answers = EXCLUDED.answers, questionnaire_version = EXCLUDED.questionnaire_version,
         assessed_at = EXCLUDED.assessed_at, expires_at = EXCLUDED.expires_at
       RETURNING profile, score, answers, assessed_at, expires_at`,
      [
        customerId,
        profile,
        score,
        JSON.stringify(answers),
        QUESTIONNAIRE_VERSION,
        now.toISOString(),
        expires.toISOString(),
      ],
    );
    // Statements signed under the old profile no longer hold.
    await tx.query('DELETE FROM risk_acknowledgements WHERE customer_id = $1', [customerId]);
    return toProfile(rows[0]!, now);
  });
}

/**
 * Whether the customer may buy a product of this risk level: an investor account, then a valid
 * profile at least as high, or a signed statement for this product (additional investment risk).
 */
export function eligibilityFor(
  riskLevel: number,
  profile: RiskProfile | null,
  investor: InvestorAccount | null,
  acknowledged: boolean,
): Eligibility {
  if (!investor) return { allowed: false, reason: 'no_investor_account' };
  if (!profile) return { allowed: false, reason: 'no_profile' };
  if (profile.expired) return { allowed: false, reason: 'profile_expired' };
  if (riskLevel <= profile.profile) return { allowed: true, reason: 'within_profile' };
  return acknowledged
    ? { allowed: true, reason: 'acknowledged' }
    : { allowed: false, reason: 'above_profile' };
}

/** The customer's eligibility context, read once for a whole product list. */
export async function eligibilityContext(db: Queryable, customerId: number, now: Date) {
  const [profile, investor, acks] = await Promise.all([
    riskProfileOf(db, customerId, now),
    investorAccountOf(db, customerId),
    db.query<{ product_code: string }>(
      'SELECT product_code FROM risk_acknowledgements WHERE customer_id = $1 AND expires_at > $2',
      [customerId, now.toISOString()],
    ),
  ]);
  const acknowledged = new Set(acks.rows.map((r) => r.product_code));
  return {
    profile,
    investor,
    acknowledged,
    of: (code: string, riskLevel: number) =>
      eligibilityFor(riskLevel, profile, investor, acknowledged.has(code)),
  };
}

/** The engine's gate for a fund or bond purchase: the product's eligibility for this customer now. */
export async function investmentEligibility(
  db: Queryable,
  customerId: number,
  productCode: string,
  now = new Date(),
): Promise<Eligibility | null> {
  const { rows } = await db.query<{ risk_level: number }>(
    'SELECT risk_level FROM investment_products WHERE code = $1',
    [productCode],
  );
  if (!rows[0]) return null;
  return (await eligibilityContext(db, customerId, now)).of(productCode, rows[0].risk_level);
}

const ackRefused = (code: string, text: { en: string; id: string }) =>
  new ApiError(409, 'WMS', code, {
    titleEng: 'Statement not needed',
    titleIdn: 'Pernyataan tidak diperlukan',
    messageEng: text.en,
    messageIdn: text.id,
  });

/**
 * Signs the additional investment risk statement for one product above the customer's profile;
 * it lasts as long as that profile.
 */
export async function acknowledgeRisk(
  db: Db,
  customerId: number,
  productCode: string,
  now: Date,
): Promise<Eligibility> {
  const profile = await riskProfileOf(db, customerId, now);
  const { rows } = await db.query<{ risk_level: number }>(
    'SELECT risk_level FROM investment_products WHERE code = $1',
    [productCode],
  );
  const product = rows[0];
  if (!product)
    throw new ApiError(404, 'WMS', 'PRODUCT_NOT_FOUND', {
      titleEng: 'Product not found',
      titleIdn: 'Produk tidak ditemukan',
      messageEng: 'This product is not offered.',
      messageIdn: 'Produk ini tidak ditawarkan.',
    });
  if (!profile || profile.expired)
    throw new ApiError(409, 'WMS', 'RISK_PROFILE_REQUIRED', {
      titleEng: 'Risk profile needed',
      titleIdn: 'Profil risiko diperlukan',
      messageEng: 'Fill in the risk profile questionnaire first.',
      messageIdn: 'Isi kuesioner profil risiko terlebih dahulu.',
    });
  if (product.risk_level <= profile.profile)
    throw ackRefused('RISK_WITHIN_PROFILE', {
      en: 'This product is within your risk profile; no statement is needed.',
      id: 'Produk ini sesuai profil risiko Anda; pernyataan tidak diperlukan.',
    });
  await db.query(
    `INSERT INTO risk_acknowledgements (customer_id, product_code, profile, acknowledged_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (customer_id, product_code) DO UPDATE SET profile = EXCLUDED.profile,
       acknowledged_at = EXCLUDED.acknowledged_at, expires_at = EXCLUDED.expires_at`,
    [customerId, productCode, profile.profile, now.toISOString(), profile.expiresAt],
  );
  const investor = await investorAccountOf(db, customerId);
  return eligibilityFor(product.risk_level, profile, investor, true);
}
