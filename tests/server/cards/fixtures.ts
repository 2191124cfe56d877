import type { Db } from '../../../src/server/db/db';
import { insertAccount, type Customer } from '../../kit';

let cardSeq = 0;
/** A credit card of the customer: its account, its card account and the card system's row. */
export async function insertCard(
  db: Db,
  c: Customer,
  status: 'active' | 'blocked' = 'active',
  cardStatus: 'active' | 'blocked' | 'inactive' = status,
) {
  const a = await insertAccount(db, c.customerId, {
    product: 'credit_card',
    balance: 0,
    floor: -1_000_000_000,
    name: 'Octo Card',
  });
  cardSeq += 1;
  const cardNo = `4567${String(Date.now() % 1e8).padStart(8, '0')}${String(cardSeq).padStart(4, '0')}`;
  const masked = `4567 **** **** ${cardNo.slice(-4)}`;
  await db.query(`UPDATE accounts SET status = $2 WHERE id = $1`, [a.id, status]);
  await db.query(
    `INSERT INTO card_accounts (account_id, card_no, masked_number, card_name, embossed_name, credit_limit, expiry_month, statement_day, status)
     VALUES ($1, $2, $3, 'Octo Card', 'BUDI SANTOSO', 1000000000, '12/29', 17, $4)`,
    [a.id, cardNo, masked, cardStatus],
  );
  await db.query(
    `INSERT INTO credit_cards (card_number, customer_id, account_id, status) VALUES ($1, $2, $3, $4)`,
    [cardNo, c.customerId, a.id, cardStatus],
  );
  return { id: a.id, masked, accountNo: a.accountNo };
}
