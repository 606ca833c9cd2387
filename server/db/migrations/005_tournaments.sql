-- Arena tournaments (server/tournaments/): the event, its players and its games are the record; the
-- director room keeps nothing of its own, so any process's director carries on from these rows.
CREATE TABLE tournaments (
  id text PRIMARY KEY,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('arena')),
  status text NOT NULL CHECK (status IN ('upcoming', 'running', 'finished')),
  starts_at bigint NOT NULL,
  minutes integer NOT NULL,
  time_control text NOT NULL,
  created_by text NOT NULL REFERENCES players (id),
  created_at bigint NOT NULL,
  -- The director's lease: only the holder pairs; another takes over once it lapses (a crashed process).
  director text,
  director_until bigint NOT NULL DEFAULT 0
);
CREATE INDEX tournaments_by_status ON tournaments (status, starts_at);
CREATE INDEX tournaments_by_creator ON tournaments (created_by, status);

CREATE TABLE tournament_players (
  tournament_id text NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  player_id text NOT NULL REFERENCES players (id),
  joined_at bigint NOT NULL,
  -- Withdrawn players are paused: never paired, their results kept in the standings.
  withdrawn boolean NOT NULL DEFAULT false,
  opened integer NOT NULL DEFAULT 0,
  games integer NOT NULL DEFAULT 0,
  -- +k: opened the last k games in a row, -k: followed them (shared/tournament/opener.ts).
  opener_streak integer NOT NULL DEFAULT 0,
  last_opponent text,
  PRIMARY KEY (tournament_id, player_id)
);

CREATE TABLE tournament_games (
  -- The ranked match's id: one row per game, written once at pairing and finished once.
  id text PRIMARY KEY,
  tournament_id text NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  room_id text NOT NULL,
  opener text NOT NULL REFERENCES players (id),
  follower text NOT NULL REFERENCES players (id),
  opener_berserk boolean NOT NULL DEFAULT false,
  follower_berserk boolean NOT NULL DEFAULT false,
  started_at bigint NOT NULL,
  ended_at bigint,
  -- 'opener' | 'follower' | 'draw' (who won), null while the game is played.
  result text CHECK (result IN ('opener', 'follower', 'draw')),
  opener_moves integer NOT NULL DEFAULT 0,
  follower_moves integer NOT NULL DEFAULT 0,
  -- False for a game that ended after the event's end: kept on the sheets, scored 0.
  counted boolean
);
CREATE INDEX tournament_games_by_event ON tournament_games (tournament_id, ended_at);
