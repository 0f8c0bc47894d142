-- Issue 13 part B: ownership verification cases (spec §2 self-service verify, verify/escalate, verify/rejected).
-- A player who lost every factor describes the account; support decides (npm run support:cases). A case whose
-- account was not found is stored too (account_id NULL), so the player's answer never tells whether it exists;
-- the operator sees the flag. Times are Unix epoch milliseconds from the API's clock.
CREATE TABLE support_cases (
  id INTEGER PRIMARY KEY,
  reference TEXT NOT NULL UNIQUE, -- LF-XXXXXXXX, quoted by the player
  account_id INTEGER REFERENCES accounts (id) ON DELETE SET NULL, -- NULL: no account matched account_input
  account_input TEXT NOT NULL, -- the email or ID as the player typed it
  contact_email TEXT NOT NULL, -- where the player is answered (and the approved reset link goes)
  product_ids TEXT NOT NULL, -- JSON array of the CDN game list's productIDs
  game_region TEXT CHECK (game_region IS NULL OR game_region IN ('NA', 'EU')),
  order_id TEXT,
  purchase_date TEXT, -- YYYY-MM-DD
  description TEXT NOT NULL,
  locale TEXT NOT NULL, -- the player's portal locale, for the emails the decision sends
  portal_origin TEXT NOT NULL, -- the portal origin the case came from (an ALLOWED_ORIGINS entry), for links
  ip TEXT,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'approved', 'rejected')),
  created_at INTEGER NOT NULL,
  decided_at INTEGER,
  CHECK ((order_id IS NULL) = (purchase_date IS NULL))
);
CREATE INDEX support_cases_status ON support_cases (status, created_at);
