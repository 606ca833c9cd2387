-- An arena's standings are rebuilt from all its players and games (50,000 games at 10,000 players):
-- a process keeps the built table and serves pages from it while this counter is unchanged. Every
-- write that moves the standings (a join or pause, a game started, finished, voided or berserked)
-- bumps it in the same transaction, as its last statement (the counter's row lock is then always
-- the last one taken, which keeps these writes free of deadlocks). A reader reads the counter
-- before the rows, so a copy is never labelled newer than the rows it was built from.
ALTER TABLE tournaments ADD COLUMN standings_version bigint NOT NULL DEFAULT 0;
