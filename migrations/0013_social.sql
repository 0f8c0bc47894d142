-- Issue 15: social and third-party sign-in (docs/social.md).

-- A sign-in started at {provider}/start: what the browser's __Host-tpa_flow cookie refers to. The cookie
-- holds a random id; the row holds its SHA-256, the state's random half, the OIDC nonce and the PKCE verifier.
-- Used once (used_at), expiring after 10 minutes. For steam the API stores the checked identity here and the
-- callback's one-time `code` is this row's second random value (steam_code_hash).
CREATE TABLE tpa_flows (
  id_hash TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  state TEXT NOT NULL,
  nonce TEXT NOT NULL,
  code_verifier TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  action_type TEXT NOT NULL,
  steam_code_hash TEXT,
  steam_subject TEXT,
  steam_name TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

-- The third-party session (spec §7 tpa-session-cookie): one provider identity proven by this browser, its
-- email when the provider gave one, and the sign-up or social-link progress. The __Host-tpa cookie holds a
-- random token; the row holds its SHA-256. 30 minutes.
CREATE TABLE tpa_sessions (
  token_hash TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  subject TEXT NOT NULL,
  email TEXT,
  email_verified INTEGER NOT NULL DEFAULT 0,
  display_name TEXT,
  -- Sign-up progress (create-tpa): the age check's answers as JSON, the email verified by code.
  profile TEXT,
  verified_email TEXT,
  -- The existing account the social-link case is about (never told to anyone who did not prove the email).
  link_account_id INTEGER REFERENCES accounts (id) ON DELETE CASCADE,
  link_case INTEGER,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);

-- OpenID 2.0 response nonces already accepted (replay defence), kept past the assertion's lifetime.
CREATE TABLE openid_nonces (
  nonce TEXT PRIMARY KEY,
  seen_at INTEGER NOT NULL
);

-- steamName and twitchUserId (spec §3) come from the linked identity.
ALTER TABLE linked_providers ADD COLUMN display_name TEXT;

-- One identity per provider on an account (spec 20109/20088): parallel links cannot both land.
CREATE UNIQUE INDEX linked_providers_account_provider ON linked_providers (account_id, provider);
