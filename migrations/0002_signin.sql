-- Sign-in and sign-up (issue 5). Times are Unix epoch milliseconds from the API's clock.

-- What the web sign-up recorded besides the account: the partner that brought the player (spec §2 partnerkey /
-- PARTNERKEY cookie, §7 "partnerKey added if present"), the launcher or connector client id, and the language the
-- player signed up in (the language of later emails). One row per account created through sign-up.
CREATE TABLE signup_details (
  account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  partner_key TEXT,
  client_id TEXT,
  language TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX signup_details_partner ON signup_details (partner_key) WHERE partner_key IS NOT NULL;

-- Email verification links are looked up by account to replace the previous link when a new one is sent.
CREATE INDEX verification_tokens_account ON verification_tokens (account_id, purpose, created_at DESC);
