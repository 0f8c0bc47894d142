-- Reference account API: core storage (issue 4). Times are Unix epoch milliseconds from the API's clock.
-- Secrets are never stored in the clear: session tokens, verification codes and tokens, backup codes and
-- passwords are hashed; TOTP secrets are encrypted with a key from env.

-- Spec §3 account / settings state, the account's country, birth month and year, membership number,
-- player tag (name + 4 digits), ban reason (§6, §8: 7000–7006) and protected-mode flags (§4).
CREATE TABLE accounts (
  id INTEGER PRIMARY KEY, -- the global user number
  email TEXT NOT NULL COLLATE NOCASE UNIQUE,
  login_id TEXT COLLATE NOCASE UNIQUE, -- legacy ID (login with email or ID)
  email_verified INTEGER NOT NULL DEFAULT 0 CHECK (email_verified IN (0, 1)),
  membership_no INTEGER,
  country_code TEXT CHECK (country_code IS NULL OR length(country_code) = 2),
  birth_year INTEGER CHECK (birth_year IS NULL OR birth_year BETWEEN 1900 AND 2200),
  birth_month INTEGER CHECK (birth_month IS NULL OR birth_month BETWEEN 1 AND 12),
  full_name TEXT,
  player_tag_name TEXT,
  player_tag_number TEXT CHECK (player_tag_number IS NULL OR length(player_tag_number) = 4),
  renames_remaining INTEGER NOT NULL DEFAULT 2,
  phone_no TEXT,
  phone_verified_at INTEGER,
  phone_changed_at INTEGER,
  phone_reset_enabled INTEGER NOT NULL DEFAULT 0 CHECK (phone_reset_enabled IN (0, 1)),
  has_password INTEGER NOT NULL DEFAULT 1 CHECK (has_password IN (0, 1)),
  enable_mail INTEGER NOT NULL DEFAULT 0 CHECK (enable_mail IN (0, 1)),
  searchable INTEGER NOT NULL DEFAULT 1 CHECK (searchable IN (0, 1)),
  skip_mfa_promo INTEGER NOT NULL DEFAULT 0 CHECK (skip_mfa_promo IN (0, 1)),
  is_minor INTEGER NOT NULL DEFAULT 0 CHECK (is_minor IN (0, 1)),
  primary_auth_type TEXT NOT NULL DEFAULT 'EMAIL' CHECK (primary_auth_type IN ('EMAIL', 'TOTP', 'SMS')),
  totp_secret_enc TEXT,
  totp_enabled_at INTEGER,
  totp_last_step INTEGER,
  sms_mfa_enabled INTEGER NOT NULL DEFAULT 0 CHECK (sms_mfa_enabled IN (0, 1)),
  status INTEGER NOT NULL DEFAULT 1, -- spec §3: 1 = active, otherwise inactive (child accounts)
  ban_reason TEXT CHECK (ban_reason IS NULL OR ban_reason IN ('7000', '7001', '7002', '7003', '7004', '7005', '7006')),
  reactivation_required INTEGER NOT NULL DEFAULT 0 CHECK (reactivation_required IN (0, 1)),
  password_reset_required INTEGER NOT NULL DEFAULT 0 CHECK (password_reset_required IN (0, 1)),
  terms_accepted_at INTEGER,
  parental_consent_at INTEGER,
  id_changed_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX accounts_phone ON accounts (phone_no) WHERE phone_no IS NOT NULL;

-- The current password hash (versioned format, see docs/security.md).
CREATE TABLE credentials (
  account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  password_hash TEXT NOT NULL,
  changed_at INTEGER NOT NULL
);

-- Spec §5: a new password may not equal any of the last 5 (the current one included).
CREATE TABLE password_history (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  password_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX password_history_account ON password_history (account_id, created_at DESC);

-- Sessions: the cookie holds a random token; only its SHA-256 is stored.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  level TEXT NOT NULL CHECK (level IN ('full', 'mfa_pending')),
  remember_me INTEGER NOT NULL CHECK (remember_me IN (0, 1)),
  device_id TEXT,
  ip TEXT,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  idle_expires_at INTEGER NOT NULL,
  absolute_expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);

-- Numeric codes sent by email or SMS (6 digits), stored hashed, single use, expiring.
CREATE TABLE verification_codes (
  id INTEGER PRIMARY KEY,
  account_id INTEGER REFERENCES accounts (id) ON DELETE CASCADE,
  target TEXT NOT NULL, -- the email address or phone number the code was sent to
  purpose TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER NOT NULL,
  consumed_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX verification_codes_target ON verification_codes (target, purpose, created_at DESC);

-- Opaque tokens (email verification links, sign-up sessions, self-service serial numbers), stored hashed.
CREATE TABLE verification_tokens (
  token_hash TEXT PRIMARY KEY,
  account_id INTEGER REFERENCES accounts (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL,
  data TEXT, -- JSON, validated with zod when read
  expires_at INTEGER NOT NULL,
  consumed_at INTEGER,
  created_at INTEGER NOT NULL
);

CREATE TABLE trusted_devices (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  device_id TEXT NOT NULL,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 128),
  type TEXT NOT NULL DEFAULT 'UNDEFINED',
  location TEXT,
  created_at INTEGER NOT NULL,
  last_login_at INTEGER,
  expires_at INTEGER NOT NULL,
  UNIQUE (account_id, device_id)
);

CREATE TABLE backup_codes (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  used_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX backup_codes_account ON backup_codes (account_id);

CREATE TABLE linked_providers (
  provider TEXT NOT NULL,
  provider_user_id TEXT NOT NULL,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  email TEXT,
  linked_at INTEGER NOT NULL,
  PRIMARY KEY (provider, provider_user_id)
);
CREATE INDEX linked_providers_account ON linked_providers (account_id);

-- Spec §3 family: a child has one parent; accessible product ids are comma-separated.
CREATE TABLE family_links (
  child_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  parent_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  accessible_product_ids TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);
CREATE INDEX family_links_parent ON family_links (parent_id);

-- Newsletter (email) and SMS subscriptions; SMS stays pending until the subscriber replies (spec §4).
CREATE TABLE newsletter_subscriptions (
  id INTEGER PRIMARY KEY,
  account_id INTEGER REFERENCES accounts (id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  address TEXT NOT NULL,
  product_id INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'subscribed', 'unsubscribed')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (channel, address, product_id)
);

-- Rate-limit counters: fixed windows per (scope, key), with a lock time once the limit is reached.
CREATE TABLE rate_limits (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  count INTEGER NOT NULL,
  window_start INTEGER NOT NULL,
  locked_until INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (scope, key)
);

-- Security events (sign-ins, factor changes, password changes…). Never holds secrets or codes.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  account_id INTEGER REFERENCES accounts (id) ON DELETE SET NULL,
  event TEXT NOT NULL,
  ip TEXT,
  detail TEXT, -- JSON
  created_at INTEGER NOT NULL
);
CREATE INDEX audit_log_account ON audit_log (account_id, created_at DESC);

-- Every email and SMS. With the local providers the message itself stays here (the dev mailbox reads it);
-- with the HTTP providers only the delivery record is kept, never the text.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient TEXT NOT NULL COLLATE NOCASE,
  subject TEXT NOT NULL,
  body TEXT,
  code TEXT,
  link TEXT,
  status TEXT NOT NULL CHECK (status IN ('stored', 'sent', 'failed')),
  created_at INTEGER NOT NULL
);
CREATE INDEX outbox_recipient ON outbox (channel, recipient, created_at DESC);

-- Payments of the local payment provider (parental consent: $1 charged then refunded).
CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  account_id INTEGER REFERENCES accounts (id) ON DELETE SET NULL,
  amount_cents INTEGER NOT NULL,
  currency TEXT NOT NULL,
  card_last4 TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('succeeded', 'refunded')),
  created_at INTEGER NOT NULL,
  refunded_at INTEGER
);

-- DEV_TOOLS only: the controllable clock's offset, durable so every isolate sees the same time.
CREATE TABLE dev_clock (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  offset_ms INTEGER NOT NULL
);
