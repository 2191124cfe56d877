import type { Db, Queryable } from '../db/db';
import type { SmsGateway } from '../sms/gateway';
import { formatMoney } from '../../shared/money';
import { notify } from '../mailbox/notify';
import { sendEmail } from './email-outbox';

/**
 * Sends the alerts customers chose (settings: transaction alerts and all-transaction alerts) when their
 * events happen. It reads what the bank already records, in order, instead of every domain calling it:
 * the journal (a transfer, payment, purchase, card change or limit raise booked by any path: confirm,
 * cart, scheduler) and the sessions (a login). Each batch is read and sent in one database transaction
 * that holds the cursor's row lock, so any number of app servers send each alert once.
 *
 * - Transaction alerts (kind 'transaction'): the customer's own events of the chosen kinds, a money event
 *   at or above the chosen amount (in rupiah).
 * - All-transaction alerts (kind 'all'): every debit and credit on the chosen accounts, whoever made it
 *   (money received too), at or above the chosen amount.
 * Channels: 'sms' (the SMS gateway, to the first phone), 'email' (the e-mail outbox, to the customer's
 * e-mail) and 'push' (a notification in the app's mailbox). Events older than STALE_MS when first read
 * (history loaded by a seed, or a server that was down for long) are passed over, not alerted late.
 */

export type AlertEvent = 'transfer' | 'payment' | 'purchase' | 'card' | 'login' | 'limitChange';
type Channel = 'sms' | 'email' | 'push';

const BATCH = 200;
const STALE_MS = 10 * 60_000;

/** Which event a journal's flow is (by its id's area); undefined: none a transaction alert names. */
export function eventOfFlow(flowId: string): AlertEvent | undefined {
  const area = flowId.split('.')[0] ?? '';
  if (flowId.startsWith('settings.limit')) return 'limitChange';
  if (['transfer', 'bifast', 'mass-transfer'].includes(area)) return 'transfer';
  if (['payment', 'donation', 'va', 'virtual-account'].includes(area)) return 'payment';
  if (area === 'purchase') return 'purchase';
  if (area === 'card' || area === 'debitcard') return 'card';
  return undefined;
}

const EVENT_TEXT: Record<AlertEvent, { eng: string; idn: string }> = {
  transfer: { eng: 'Transfer', idn: 'Transfer' },
  payment: { eng: 'Payment', idn: 'Pembayaran' },
  purchase: { eng: 'Purchase', idn: 'Pembelian' },
  card: { eng: 'Card change', idn: 'Perubahan kartu' },
  login: { eng: 'Login', idn: 'Login' },
  limitChange: { eng: 'Limit change', idn: 'Perubahan limit' },
};

interface Setting {
  customer_id: number;
  kind: 'transaction' | 'all';
  events: string[];
  channels: Channel[];
  min_amount: number;
  account_ids: Array<number | string>;
  phone: string | null;
  email: string | null;
}

interface Alert {
  customerId: number;
  kind: 'transaction' | 'all';
  event: string;
  channels: Channel[];
  journalId?: number;
  sessionId?: number;
  subject: { eng: string; idn: string };
  body: { eng: string; idn: string };
  reference?: string;
  phone: string | null;
  email: string | null;
}

const jakartaTime = (d: Date, lang: 'en' | 'id') =>
  `${d.toLocaleString(lang === 'en' ? 'en-GB' : 'id-ID', {
    timeZone: 'Asia/Jakarta',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })} WIB`;

const maskAccount = (no: string) => (no.length > 7 ? `${no.slice(0, 4)}****${no.slice(-3)}` : no);

const NOT_YOU = {
  eng: 'Not you? Call 14041 at once.',
  idn: 'Bukan Anda? Segera hubungi 14041.',
};

async function settingsOf(db: Queryable, customerIds: number[]): Promise<Setting[]> {
  if (!customerIds.length) return [];
  const { rows } = await db.query<Setting>(
    `SELECT s.customer_id, s.kind, s.events, s.channels, s.min_amount, s.account_ids, c.email,
            (SELECT p.phone FROM customer_phones p WHERE p.customer_id = s.customer_id ORDER BY p.id LIMIT 1) AS phone
       FROM alert_settings s JOIN customers c ON c.id = s.customer_id
      WHERE s.enabled AND cardinality(s.channels) > 0 AND s.customer_id = ANY($1::bigint[])`,
    [customerIds],
  );
  return rows.map((r) => ({ ...r, customer_id: Number(r.customer_id), min_amount: Number(r.min_amount) }));
}

/** Locks a cursor for this transaction; undefined when another server holds it now. */
async function lockCursor(tx: Queryable, name: 'journal' | 'session'): Promise<number | undefined> {
  const { rows } = await tx.query<{ last_id: string | number }>(
    `SELECT last_id FROM alert_cursors WHERE name = $1 FOR UPDATE SKIP LOCKED`,
    [name],
  );
  return rows[0] ? Number(rows[0].last_id) : undefined;
}

interface JournalRow {
  id: number;
  customer_id: number | null;
  flow_id: string;
  status: string;
  amount: number;
  currency: string;
  limit_amount: number;
  reference_no: string;
  description: string;
  created_at: Date | string;
  fresh: boolean;
  /** The record of a transfer scheduled for later (nothing moved yet): its occurrences are alerted as they run. */
  scheduling: boolean;
}

interface EntryRow {
  journal_id: number;
  customer_id: number;
  account_id: number;
  account_no: string;
  amount: number;
  currency: string;
}

/** The alerts of a batch of journals: the actor's transaction alerts and the accounts' all-transaction ones. */
async function journalAlerts(tx: Queryable, journals: JournalRow[]): Promise<Alert[]> {
  const live = journals.filter((j) => j.fresh && j.status !== 'failed' && !j.scheduling);
  if (!live.length) return [];
  const { rows: entries } = await tx.query<EntryRow>(
    `SELECT e.journal_id, a.customer_id, a.id AS account_id, a.account_no, e.amount, a.currency
       FROM ledger_entries e JOIN accounts a ON a.id = e.account_id
      WHERE e.journal_id = ANY($1::bigint[]) AND a.customer_id IS NOT NULL`,
    [live.map((j) => j.id)],
  );
  const customers = [
    ...new Set([
      ...live.map((j) => Number(j.customer_id)).filter((c) => c > 0),
      ...entries.map((e) => Number(e.customer_id)),
    ]),
  ];
  const settings = await settingsOf(tx, customers);
  const out: Alert[] = [];
  for (const j of live) {
    const when = new Date(j.created_at);
    const event = eventOfFlow(j.flow_id);
    const money = { amount: Number(j.amount), currency: j.currency.trim() };
    const own = settings.find((s) => s.kind === 'transaction' && s.customer_id === Number(j.customer_id));
    const moves = Number(j.amount) > 0;
    if (
      own &&
      event &&
      own.events.includes(event) &&
      (!moves || Number(j.limit_amount || j.amount) >= own.min_amount)
    ) {
      const what = EVENT_TEXT[event];
      const desc = j.description.split(' / ');
      out.push({
        customerId: own.customer_id,
        kind: 'transaction',
        event,
        channels: own.channels,
        journalId: Number(j.id),
        subject: { eng: `${what.eng} alert`, idn: `Notifikasi ${what.idn.toLowerCase()}` },
        body: {
          eng: `${what.eng}${moves ? ` ${formatMoney(money, 'en')}` : ''}: ${desc[1] ?? desc[0] ?? ''}, ref ${j.reference_no}, ${jakartaTime(when, 'en')}. ${NOT_YOU.eng}`,
          idn: `${what.idn}${moves ? ` ${formatMoney(money, 'id')}` : ''}: ${desc[0] ?? ''}, ref ${j.reference_no}, ${jakartaTime(when, 'id')}. ${NOT_YOU.idn}`,
        },
        reference: j.reference_no,
        phone: own.phone,
        email: own.email,
      });
    }
    for (const e of entries.filter((x) => Number(x.journal_id) === Number(j.id))) {
      const all = settings.find(
        (s) =>
          s.kind === 'all' &&
          s.customer_id === Number(e.customer_id) &&
          s.account_ids.map(Number).includes(Number(e.account_id)),
      );
      if (!all || Math.abs(Number(e.amount)) < all.min_amount) continue;
      const m = { amount: Math.abs(Number(e.amount)), currency: e.currency.trim() };
      const credit = Number(e.amount) > 0;
      const acct = maskAccount(e.account_no);
      out.push({
        customerId: all.customer_id,
        kind: 'all',
        event: credit ? 'credit' : 'debit',
        channels: all.channels,
        journalId: Number(j.id),
        subject: {
          eng: credit ? 'Money received' : 'Money sent',
          idn: credit ? 'Dana masuk' : 'Dana keluar',
        },
        body: {
          eng: `${credit ? 'Credit' : 'Debit'} ${formatMoney(m, 'en')} ${credit ? 'to' : 'from'} account ${acct}, ref ${j.reference_no}, ${jakartaTime(when, 'en')}.${credit ? '' : ` ${NOT_YOU.eng}`}`,
          idn: `${credit ? 'Kredit' : 'Debit'} ${formatMoney(m, 'id')} ${credit ? 'ke' : 'dari'} rekening ${acct}, ref ${j.reference_no}, ${jakartaTime(when, 'id')}.${credit ? '' : ` ${NOT_YOU.idn}`}`,
        },
        reference: j.reference_no,
        phone: all.phone,
        email: all.email,
      });
    }
  }
  return out;
}

interface SessionRow {
  id: number;
  customer_id: number;
  channel: string;
  created_at: Date | string;
  fresh: boolean;
}

async function loginAlerts(tx: Queryable, sessions: SessionRow[]): Promise<Alert[]> {
  const live = sessions.filter((s) => s.fresh);
  const settings = await settingsOf(tx, [...new Set(live.map((s) => Number(s.customer_id)))]);
  const out: Alert[] = [];
  for (const s of live) {
    const own = settings.find(
      (x) =>
        x.kind === 'transaction' && x.customer_id === Number(s.customer_id) && x.events.includes('login'),
    );
    if (!own) continue;
    const when = new Date(s.created_at);
    const app = s.channel === 'mobile';
    out.push({
      customerId: own.customer_id,
      kind: 'transaction',
      event: 'login',
      channels: own.channels,
      sessionId: Number(s.id),
      subject: { eng: 'Login alert', idn: 'Notifikasi login' },
      body: {
        eng: `New login to ${app ? 'the mobile app' : 'internet banking'} at ${jakartaTime(when, 'en')}. ${NOT_YOU.eng}`,
        idn: `Login baru ke ${app ? 'aplikasi mobile' : 'internet banking'} pada ${jakartaTime(when, 'id')}. ${NOT_YOU.idn}`,
      },
      phone: own.phone,
      email: own.email,
    });
  }
  return out;
}

/** Sends one alert on each of its channels, once (the delivery row is the guard). */
async function deliver(tx: Queryable, sms: SmsGateway, a: Alert): Promise<number> {
  let sent = 0;
  for (const channel of a.channels) {
    const { rows } = await tx.query(
      `INSERT INTO alert_deliveries (customer_id, kind, event, channel, journal_id, session_id)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
      [a.customerId, a.kind, a.event, channel, a.journalId ?? null, a.sessionId ?? null],
    );
    if (!rows.length) continue;
    if (channel === 'sms') {
      if (!a.phone) continue;
      await sms.send(a.phone, `Octo: ${a.body.idn} / ${a.body.eng}`, tx);
    } else if (channel === 'email') {
      if (!a.email) continue;
      await sendEmail(tx, {
        address: a.email,
        subject: `${a.subject.idn} / ${a.subject.eng}`,
        body: `${a.body.idn}\n\n${a.body.eng}`,
      });
    } else {
      await notify(tx, a.customerId, {
        subject: a.subject,
        body: a.body,
        ...(a.reference ? { reference: a.reference } : {}),
        link: a.event === 'login' ? '/settings/transaction-alert/' : '/mytransaction/',
      });
    }
    sent++;
  }
  return sent;
}

/** Reads the next batch of journals and sessions and sends their alerts; returns how many were sent. */
export async function dispatchAlerts(db: Db, sms: SmsGateway): Promise<number> {
  let sent = 0;
  sent += await db.transaction(async (tx) => {
    const last = await lockCursor(tx, 'journal');
    if (last === undefined) return 0;
    const { rows } = await tx.query<JournalRow>(
      `SELECT id, customer_id, flow_id, status, amount, currency, limit_amount, reference_no, description, created_at,
              created_at > now() - make_interval(secs => $3) AS fresh,
              coalesce(details->'receipt' ? 'scheduled', false) AS scheduling
         FROM journal WHERE id > $1 AND status <> 'pending' ORDER BY id LIMIT $2`,
      [last, BATCH, STALE_MS / 1000],
    );
    // A pending journal (a biller still answering) is alerted once it settles: the cursor waits at it,
    // unless it is stale.
    const pendingBefore = await tx.query<{ id: string | number }>(
      `SELECT min(id) AS id FROM journal WHERE id > $1 AND status = 'pending' AND created_at > now() - make_interval(secs => $2)`,
      [last, STALE_MS / 1000],
    );
    const stop = pendingBefore.rows[0]?.id ? Number(pendingBefore.rows[0].id) : Infinity;
    const batch = rows.filter((r) => Number(r.id) < stop);
    if (!batch.length) return 0;
    let n = 0;
    for (const a of await journalAlerts(tx, batch)) n += await deliver(tx, sms, a);
    await tx.query(`UPDATE alert_cursors SET last_id = $2 WHERE name = $1`, [
      'journal',
      Number(batch.at(-1)!.id),
    ]);
    return n;
  });
  sent += await db.transaction(async (tx) => {
    const last = await lockCursor(tx, 'session');
    if (last === undefined) return 0;
    const { rows } = await tx.query<SessionRow>(
      `SELECT id, customer_id, channel, created_at, created_at > now() - make_interval(secs => $3) AS fresh
         FROM sessions WHERE id > $1 ORDER BY id LIMIT $2`,
      [last, BATCH, STALE_MS / 1000],
    );
    if (!rows.length) return 0;
    let n = 0;
    for (const a of await loginAlerts(tx, rows)) n += await deliver(tx, sms, a);
    await tx.query(`UPDATE alert_cursors SET last_id = $2 WHERE name = $1`, [
      'session',
      Number(rows.at(-1)!.id),
    ]);
    return n;
  });
  return sent;
}
