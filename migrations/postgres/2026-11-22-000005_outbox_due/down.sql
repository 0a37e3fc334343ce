CREATE INDEX outbox_pending ON outbox (sent_at, next_attempt_at);
DROP INDEX outbox_due;
