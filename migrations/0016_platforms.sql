-- Console and in-game platforms (docs/platforms.md).
-- A platform identity (platform + the platform's user id) links to at most one portal account, and an account
-- holds at most one identity per platform.
CREATE TABLE platform_links (
  platform TEXT NOT NULL,
  platform_user_id TEXT NOT NULL,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  linked_at INTEGER NOT NULL,
  PRIMARY KEY (platform, platform_user_id)
);
CREATE UNIQUE INDEX platform_links_account ON platform_links (account_id, platform);

-- Ticket ids seen (replay defence): a ticket is accepted once; rows outlive the ticket's expiry only briefly.
CREATE TABLE platform_ticket_uses (
  platform TEXT NOT NULL,
  jti TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (platform, jti)
);
CREATE INDEX platform_ticket_uses_expiry ON platform_ticket_uses (expires_at);

-- The platform session a verified ticket opens (cookie __Host-pf_session holds the token; only its SHA-256 is
-- stored). Linking state lives here: the account whose password was given, until its second factor is verified.
CREATE TABLE platform_sessions (
  token_hash TEXT PRIMARY KEY,
  platform TEXT NOT NULL,
  platform_user_id TEXT NOT NULL,
  account_type TEXT NOT NULL CHECK (account_type IN ('adult', 'minor')),
  game TEXT,
  link_account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
  link_password_at INTEGER,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX platform_sessions_expiry ON platform_sessions (expires_at);
