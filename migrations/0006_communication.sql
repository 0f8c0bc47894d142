-- Communication preferences (issue 12 part C): newsletters by email and SMS, the SMS opt-in reply, and the
-- headers of outgoing mail. Times are Unix epoch milliseconds from the API's clock.

-- The headers a message was sent with (JSON object), e.g. RFC 8058 List-Unsubscribe on newsletter mail. With the
-- local provider the dev mailbox shows them; with the HTTP provider they are sent, and only the delivery record stays.
ALTER TABLE outbox ADD COLUMN headers TEXT;

-- The communication screen reads an account's subscriptions; the inbound-SMS webhook finds them by number.
CREATE INDEX newsletter_subscriptions_account ON newsletter_subscriptions (account_id, channel, product_id);
CREATE INDEX newsletter_subscriptions_address ON newsletter_subscriptions (channel, address, status);

-- Inbound texts the SMS provider's webhook delivered, by the provider's message id: a replayed delivery (same id)
-- is refused, so a captured request cannot be sent again to flip a subscription. Kept 30 days, then pruned.
CREATE TABLE sms_inbound (
  message_id TEXT PRIMARY KEY,
  sender TEXT NOT NULL,
  keyword TEXT NOT NULL,
  received_at INTEGER NOT NULL
);
CREATE INDEX sms_inbound_received ON sms_inbound (received_at);
