import type { Queryable } from '../db/db';
import type { BannerText } from '../../shared/prerendered-banners';
import type { BannerPage } from '../../shared/banner-pages';

export type { BannerPage };

export type Banner = BannerText;

/** The bank's calendar is Jakarta's (WIB, UTC+7, no daylight saving): a timestamptz's date there, in SQL. */
export const jakartaDateSql = (column: string) =>
  `((${column} AT TIME ZONE 'UTC') + interval '7 hours')::date`;

/**
 * Active banners of a page; with `variant` (the transaction the page shows, its `?type=`), only those
 * that concern it (no `flow_variants`, or that variant among them). With a session, the ones the customer dismissed on or after the day
 * this session logged in stay hidden: a login on a later day shows them again.
 */
export async function pageBanners(
  db: Queryable,
  page: BannerPage,
  viewer: { customerId: number; sessionId: number } | null,
  variant?: string,
): Promise<Banner[]> {
  const { rows } = await db.query<{
    key: string;
    title_eng: string;
    title_idn: string;
    message_eng: string;
    message_idn: string;
  }>(
    `SELECT b.key, b.title_eng, b.title_idn, b.message_eng, b.message_idn
       FROM maintenance_banners b
      WHERE b.page = $1 AND b.active
        AND ($4::text IS NULL OR b.flow_variants IS NULL OR $4::text = ANY (b.flow_variants))
        AND (b.starts_at IS NULL OR b.starts_at <= now())
        AND (b.ends_at IS NULL OR b.ends_at > now())
        AND ($2::int8 IS NULL OR NOT EXISTS (
              SELECT 1 FROM banner_dismissals d, sessions s
               WHERE d.customer_id = $2::int8 AND d.banner_key = b.key
                 AND s.id = $3::int8 AND d.dismissed_on >= ${jakartaDateSql('s.created_at')}))
      ORDER BY b.key`,
    [page, viewer?.customerId ?? null, viewer?.sessionId ?? null, variant ?? null],
  );
  return rows.map((r) => ({
    key: r.key,
    titleEng: r.title_eng,
    titleIdn: r.title_idn,
    messageEng: r.message_eng,
    messageIdn: r.message_idn,
  }));
}

/** Records the dismissal (today, Jakarta date); null when no such banner exists. */
export async function dismissBanner(
  db: Queryable,
  customerId: number,
  key: string,
): Promise<{ key: string; dismissedOn: string } | null> {
  const { rows } = await db.query<{ dismissed_on: string }>(
    `INSERT INTO banner_dismissals (customer_id, banner_key, dismissed_on, dismissed_at)
     SELECT $1, b.key, ${jakartaDateSql('now()')}, now() FROM maintenance_banners b WHERE b.key = $2
     ON CONFLICT (customer_id, banner_key)
       DO UPDATE SET dismissed_on = EXCLUDED.dismissed_on, dismissed_at = EXCLUDED.dismissed_at
     RETURNING dismissed_on::text AS dismissed_on`,
    [customerId, key],
  );
  const row = rows[0];
  return row ? { key, dismissedOn: row.dismissed_on } : null;
}
