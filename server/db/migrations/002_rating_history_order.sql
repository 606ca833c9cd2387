-- Two games of one player settled at the same millisecond (or one waiting on the other's row lock
-- after reading the clock) must still list in the order they were settled: the chain of
-- ratings reads newest first. `seq` is the insertion order, taken under the players' row locks.
ALTER TABLE rating_history ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
DROP INDEX rating_history_recent;
CREATE INDEX rating_history_recent ON rating_history (player_id, at DESC, seq DESC);
