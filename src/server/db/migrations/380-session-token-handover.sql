-- A rotation's answer can be lost (the browser aborts the call as it leaves the page): the client then
-- holds only the replaced token, and its session ended when the grace window closed (issue 44's walk).
-- The new token is kept sealed with the token it replaced (AES-GCM, the key derived from that token,
-- so the row alone reveals nothing): a call made with the replaced token within the grace window is
-- answered the current one (src/server/auth/token-handover.ts).
ALTER TABLE sessions ADD COLUMN current_token_sealed text;
