-- Parental controls (issue 14; docs/parental.md). The family itself is family_links (0001): one row per child,
-- naming its parent, with the child's accessible games. accounts.status is the child status (1 active, 0
-- deactivated by the parent, 2 suspended for failed sign-ins) and accounts.parental_consent_at, on the parent,
-- the time verifiable parental consent was recorded (isParentalSet).

-- An account that started parental-controls setup is a parent (isParent). Disabling controls deletes the row.
CREATE TABLE parental_controls (
  parent_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  started_at INTEGER NOT NULL
);

-- Verifiable parental consent records (spec §1, §9): the method, the time, where it was given (LAUNCHER or WEB)
-- and the provider's reference (the card charge's id, or the masked phone number of an SMS consent). Kept when
-- controls are disabled: a record of what was consented, when.
CREATE TABLE parental_consents (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  method TEXT NOT NULL CHECK (method IN ('card', 'sms')),
  consent_location TEXT NOT NULL CHECK (consent_location IN ('LAUNCHER', 'WEB')),
  provider_ref TEXT NOT NULL,
  refund_ref TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX parental_consents_parent ON parental_consents (parent_id, created_at);

-- The $1 consent charges (our ledger beside the provider's): written before the provider is called, so a charge
-- whose refund failed is found again and refunded (status 'charged' until then). parent_id has no foreign key on
-- purpose: deleting the account must never drop the record of money still to give back.
CREATE TABLE parental_vpc_charges (
  id TEXT PRIMARY KEY,
  parent_id INTEGER NOT NULL,
  payment_method_id TEXT NOT NULL,
  last4 TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  currency TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'charged', 'refunded')),
  charge_ref TEXT,
  refund_ref TEXT,
  refund_attempts INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  refunded_at INTEGER
);
CREATE INDEX parental_vpc_charges_open ON parental_vpc_charges (parent_id) WHERE status IN ('pending', 'charged');
