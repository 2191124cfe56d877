-- Mailbox (/help/mailbox/): the bank's messages and notifications to a customer, and what the
-- customer wrote to the bank. Texts come in both languages; a customer's own message carries the
-- same text in both. Other domains write notifications through src/server/mailbox/notify.ts.
CREATE TABLE mailbox_messages (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  folder text NOT NULL CHECK (folder IN ('inbox', 'sent')),
  -- inbox: notification (a domain event), info (from the bank), promo, reply (to a message sent);
  -- sent: the customer's topic (account, card, transaction, investment, other).
  category text NOT NULL,
  subject_eng text NOT NULL,
  subject_idn text NOT NULL,
  body_eng text NOT NULL,
  body_idn text NOT NULL,
  -- What the message is about (a transaction reference, a card), shown under the text.
  reference text,
  -- Where the customer can act on it (a route of the product), e.g. '/myaccount/history/casa/'.
  link text,
  reply_to bigint REFERENCES mailbox_messages(id),
  -- A composed message's key from the browser: a retry or a double click sends once.
  idempotency_key text,
  read_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_id, idempotency_key)
);
CREATE INDEX mailbox_messages_list_idx ON mailbox_messages (customer_id, folder, created_at DESC);
-- The header's badge counts unread inbox messages on every page: a partial index keeps it small.
CREATE INDEX mailbox_messages_unread_idx ON mailbox_messages (customer_id)
  WHERE folder = 'inbox' AND read_at IS NULL AND deleted_at IS NULL;
