-- The device fingerprint (blackBox, spec §3 sign-up payload) a store-connector or in-game email sign-up sends,
-- recorded with the account it created (docs/platforms.md). One row per account; kept as the client sent it.
CREATE TABLE signup_black_boxes (
  account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  channel TEXT NOT NULL,
  black_box TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
