-- Swiss tournaments (server/tournaments/swiss-*.ts): a fixed number of rounds, each paired at once
-- and written in one transaction before anyone hears of it. Like the arena, the director room keeps
-- nothing: the round in play, its games, byes and absences are these rows.
ALTER TABLE tournaments DROP CONSTRAINT tournaments_kind_check;
ALTER TABLE tournaments ADD CONSTRAINT tournaments_kind_check CHECK (kind IN ('arena', 'swiss'));

CREATE TABLE swiss_events (
  tournament_id text PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
  rounds integer NOT NULL CHECK (rounds BETWEEN 1 AND 30),
  -- The last round started (0 before the first): moved only from n to n + 1, by the lease holder.
  round integer NOT NULL DEFAULT 0,
  round_started_at bigint NOT NULL DEFAULT 0
);

-- Which round each Swiss game belongs to (null for arena games), and the keys that hold its two
-- seats, so a player who was away when the round was paired is given their seat on return (never
-- sent to anyone else: the API does not list them).
ALTER TABLE tournament_games ADD COLUMN round integer;
ALTER TABLE tournament_games ADD COLUMN opener_key text;
ALTER TABLE tournament_games ADD COLUMN follower_key text;
-- 'none': a Swiss game nobody sat down to (both lose by forfeit).
ALTER TABLE tournament_games DROP CONSTRAINT tournament_games_result_check;
ALTER TABLE tournament_games ADD CONSTRAINT tournament_games_result_check CHECK (result IN ('opener', 'follower', 'draw', 'none'));

-- Absences counted at round starts (two and the player is withdrawn), and last round's down-float.
ALTER TABLE tournament_players ADD COLUMN missed_starts integer NOT NULL DEFAULT 0;
ALTER TABLE tournament_players ADD COLUMN floated_down boolean NOT NULL DEFAULT false;

-- A round a player scored without a game: the pairing bye (1), a round missed by joining late
-- (½ for round 1, 0 after), an absence at the round's start or a withdrawal (0).
CREATE TABLE swiss_unplayed (
  tournament_id text NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  player_id text NOT NULL REFERENCES players (id),
  round integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('bye', 'late', 'absent')),
  -- Twice the points, so ½ is exact.
  half_points integer NOT NULL CHECK (half_points IN (0, 1, 2)),
  PRIMARY KEY (tournament_id, player_id, round)
);
