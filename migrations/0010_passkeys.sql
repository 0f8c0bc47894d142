-- Passkeys (WebAuthn Level 3) and security alerts (issue 18). See docs/passkeys.md.

-- One row per registered credential. credential_id is the authenticator's id (base64url), unique across every
-- account: a credential registered twice (or to a second account) is refused. public_key is the COSE key
-- (base64url); counter the last signature counter seen; device_type and backed_up the backup flags (BE, BS) of
-- the authenticator data: a passkey that is synced (multiDevice) or bound to one device (singleDevice).
CREATE TABLE passkeys (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  credential_id TEXT NOT NULL UNIQUE,
  public_key TEXT NOT NULL,
  counter INTEGER NOT NULL DEFAULT 0,
  transports TEXT NOT NULL DEFAULT '[]',
  device_type TEXT NOT NULL CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backed_up INTEGER NOT NULL DEFAULT 0,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX passkeys_account ON passkeys (account_id);

-- WebAuthn challenges: single use (deleted when consumed), short-lived, and bound to what asked for them: the
-- session's token hash (registration, second step) or the browser's device secret hash (passwordless sign-in).
-- Only the SHA-256 of a challenge is stored. One live challenge per binding and purpose.
CREATE TABLE webauthn_challenges (
  challenge_hash TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign-in', 'second-factor')),
  binding TEXT NOT NULL,
  account_id INTEGER REFERENCES accounts (id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX webauthn_challenges_binding ON webauthn_challenges (binding, purpose);

-- How many passkeys the account has (kept in the batch that adds or removes one): a passkey is a second factor,
-- and the sign-in steps read the account row only.
ALTER TABLE accounts ADD COLUMN passkey_count INTEGER NOT NULL DEFAULT 0;
-- The player's choice for the alerts that are not mandatory (new-device sign-in, failed second-factor attempts).
ALTER TABLE accounts ADD COLUMN security_alerts INTEGER NOT NULL DEFAULT 1;
-- A pending sign-in whose second factor is already proven (a user-verified passkey): the steps after it (healup,
-- terms) then complete without asking for another factor.
ALTER TABLE sessions ADD COLUMN second_factor_done INTEGER NOT NULL DEFAULT 0;

-- "This wasn't me" links of the alerts are verification_tokens rows (purpose 'not-me').
