-- Live chats after login (spec sections 3, 4 and 7): one row per chat the panel opened. The chat
-- service disconnects a chat with its chatId, alias, secureKey and userId (form-encoded), as the
-- browser does at logout; the secure key is kept hashed.
CREATE TABLE live_chats (
  chat_id text PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers(id),
  session_id bigint NOT NULL REFERENCES sessions(id),
  alias text NOT NULL,
  user_id text NOT NULL,
  secure_key_hash text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  end_reason text CHECK (end_reason IN ('disconnect', 'close', 'replaced'))
);
CREATE INDEX live_chats_session_idx ON live_chats (session_id) WHERE ended_at IS NULL;
