-- The mail sender claims the unsent rows that are due, oldest first. The index on
-- (sent_at, next_attempt_at) held every row ever queued, and recording a mail as sent added another
-- entry; it grew with all mail ever sent. A partial index holds only the unsent rows, in the order the
-- claim takes them: it stays as small as the queue.
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL;
DROP INDEX outbox_pending;
