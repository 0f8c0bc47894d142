-- Saved payment cards (issue 12, setting/manage-payment-methods; docs/payments.md). Card numbers never reach the
-- account API: the browser hands them to the payment provider's card field, which answers a setup id; the API asks
-- the provider what the setup saved and keeps only the provider's reference and what a player may see again.

-- The provider's customer of an account (Stripe-style providers keep saved cards under a customer).
CREATE TABLE payment_customers (
  account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  customer_ref TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- Card setups this API started (setup intents): a setup may be saved once, by the account that started it, before
-- it expires.
CREATE TABLE payment_setups (
  setup_ref TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX payment_setups_account ON payment_setups (account_id, created_at);

-- The account's saved cards: what the provider reported when the setup succeeded, and the cardholder the player
-- entered (spec §3 payment card: given name, surname, email). At most one default per account.
CREATE TABLE payment_methods (
  id TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  method_ref TEXT NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  exp_month INTEGER NOT NULL,
  exp_year INTEGER NOT NULL,
  given_name TEXT NOT NULL,
  surname TEXT NOT NULL,
  email TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  created_at INTEGER NOT NULL,
  UNIQUE (account_id, method_ref)
);
CREATE INDEX payment_methods_account ON payment_methods (account_id, created_at);

-- Never holds a row: the first statement of each card change inserts into it only when what the handler checked no
-- longer holds, and the CHECK then rolls the whole batch back (server/payments/data.ts).
CREATE TABLE payment_batch_guard (failed INTEGER CHECK (failed IS NULL));

-- The local payment provider (DEV_TOOLS only, server/core/providers/payment-local.ts): its setups and tokenised cards.
-- It stands in for the provider's own systems, so it keeps what a provider keeps: never the full number or CVC.
CREATE TABLE local_payment_setups (
  id TEXT PRIMARY KEY,
  customer_ref TEXT NOT NULL,
  secret_hash TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('requires_payment_method', 'succeeded')),
  method_ref TEXT,
  last_error TEXT,
  created_at INTEGER NOT NULL
);

CREATE TABLE local_payment_cards (
  id TEXT PRIMARY KEY,
  customer_ref TEXT,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  exp_month INTEGER NOT NULL,
  exp_year INTEGER NOT NULL,
  -- What the test card number does when charged or refunded (docs/payments.md).
  behaviour TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- Charges of the local provider (table of 0001) are made with a saved card and an idempotency key; refunds too.
ALTER TABLE payments ADD COLUMN method_ref TEXT;
ALTER TABLE payments ADD COLUMN idempotency_key TEXT;
ALTER TABLE payments ADD COLUMN refund_key TEXT;
ALTER TABLE payments ADD COLUMN refund_attempts INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX payments_idempotency ON payments (idempotency_key) WHERE idempotency_key IS NOT NULL;
