-- The portal as an OpenID Connect provider (issue 17) and console activation by the device authorization grant
-- (RFC 8628, issue 16); docs/identity-provider.md, docs/console-activation.md.

-- Clients registered by `npm run clients:add` (config clients live in server/oidc/clients.ts, not here).
-- Confidential clients keep only the SHA-256 of their secret (256 random bits: a fast hash suffices).
CREATE TABLE oidc_clients (
  client_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  site TEXT NOT NULL,
  -- JSON arrays of exact URIs.
  redirect_uris TEXT NOT NULL,
  post_logout_redirect_uris TEXT NOT NULL DEFAULT '[]',
  secret_hash TEXT,
  first_party INTEGER NOT NULL DEFAULT 0 CHECK (first_party IN (0, 1)),
  device_flow INTEGER NOT NULL DEFAULT 0 CHECK (device_flow IN (0, 1)),
  created_at INTEGER NOT NULL
);

-- Signing keys (ES256). The private JWK is sealed with OIDC_KEY_SECRET (AES-GCM, the kid as additional data).
-- use_from is unique: two isolates rotating at once insert one key (INSERT OR IGNORE).
CREATE TABLE oidc_signing_keys (
  kid TEXT PRIMARY KEY,
  public_jwk TEXT NOT NULL,
  private_jwk_sealed TEXT NOT NULL,
  use_from INTEGER NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
);

-- "Approve once per client and scope set": the scopes a player granted a client.
CREATE TABLE oidc_consents (
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  scopes TEXT NOT NULL,
  granted_at INTEGER NOT NULL,
  PRIMARY KEY (account_id, client_id)
);

-- Authorization codes (SHA-256 of the code), single use: the exchange is one conditional UPDATE … RETURNING.
CREATE TABLE oidc_codes (
  code_hash TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  redirect_uri TEXT NOT NULL,
  scope TEXT NOT NULL,
  nonce TEXT,
  code_challenge TEXT NOT NULL,
  auth_time INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

-- Access tokens issued (JWTs; the jti), for revocation and for revoking what a replayed code issued.
CREATE TABLE oidc_tokens (
  jti TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- The code (or device code) digest the token came from.
  grant_hash TEXT NOT NULL,
  scope TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX oidc_tokens_grant ON oidc_tokens (grant_hash);

-- Device authorization grant (RFC 8628): the console's device code (SHA-256) and the code the player types.
CREATE TABLE oidc_device_codes (
  device_code_hash TEXT PRIMARY KEY,
  user_code TEXT NOT NULL UNIQUE,
  client_id TEXT NOT NULL,
  scope TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  interval_s INTEGER NOT NULL,
  last_poll_at INTEGER,
  -- pending → approved | denied (by the player) → used (tokens issued once).
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied', 'used')),
  account_id INTEGER REFERENCES accounts (id) ON DELETE CASCADE,
  auth_time INTEGER,
  created_at INTEGER NOT NULL
);
