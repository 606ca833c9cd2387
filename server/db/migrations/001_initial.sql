-- The database of record. Times are milliseconds since 1970 (bigint), as everywhere in Parlor.

-- Every player: an anonymous guest, a claimed guest or a registered account (email and password).
CREATE TABLE players (
  id text PRIMARY KEY,
  name text NOT NULL,
  -- lower(name) while the name is held; NULL when it was freed (an unclaimed guest idle past the
  -- guest hold, or a deleted account 30 days on). Unique: no two players hold one name in any case.
  name_key text,
  -- lower-cased; NULL for guests who never claimed their account.
  email text,
  -- scrypt, "<algo>$<salt>$<hash>" (@colyseus/auth's Hash); NULL for guests.
  password_hash text,
  -- Raised by "sign out everywhere" and a password change: tokens carry the version they were issued at.
  token_version integer NOT NULL DEFAULT 0,
  rating double precision NOT NULL,
  rd double precision NOT NULL,
  vol double precision NOT NULL,
  games integer NOT NULL DEFAULT 0,
  wins integer NOT NULL DEFAULT 0,
  losses integer NOT NULL DEFAULT 0,
  draws integer NOT NULL DEFAULT 0,
  created_at bigint NOT NULL,
  -- The address key it was made from (ranked/eligibility.ts keeps accounts of one address apart).
  created_from text,
  last_seen_at bigint NOT NULL,
  deleted_at bigint
);
CREATE UNIQUE INDEX players_name_key ON players (name_key);
CREATE UNIQUE INDEX players_email ON players (email);
-- The leaderboard: established players (rd below PROVISIONAL_RD, shared/games/rating/glicko2.ts), best first.
CREATE INDEX players_leaderboard ON players (rating DESC) WHERE rd < 110 AND deleted_at IS NULL;

-- A ranked match (a series of one or three games) and its record.
CREATE TABLE matches (
  id text PRIMARY KEY,
  player_a text NOT NULL REFERENCES players (id),
  player_b text NOT NULL REFERENCES players (id),
  status text NOT NULL,
  started_at bigint NOT NULL,
  ended_at bigint,
  record jsonb NOT NULL
);
CREATE INDEX matches_player_a ON matches (player_a);
CREATE INDEX matches_player_b ON matches (player_b);

-- Exactly one settlement per rated game: the key makes a second attempt (a replay, a restored room) find the first.
CREATE TABLE settlements (
  match_id text NOT NULL,
  game integer NOT NULL,
  settlement jsonb NOT NULL,
  settled_at bigint NOT NULL,
  PRIMARY KEY (match_id, game)
);

-- A player's rating history, one line per rated game.
CREATE TABLE rating_history (
  player_id text NOT NULL REFERENCES players (id),
  match_id text NOT NULL,
  game integer NOT NULL,
  opponent_id text NOT NULL REFERENCES players (id),
  opponent_name text NOT NULL,
  result text NOT NULL,
  rating_before double precision NOT NULL,
  rating_after double precision NOT NULL,
  at bigint NOT NULL,
  PRIMARY KEY (player_id, match_id, game)
);
CREATE INDEX rating_history_recent ON rating_history (player_id, at DESC);

-- Finished games, for replays at #/replay/<id>.
CREATE TABLE finished_games (
  id text PRIMARY KEY,
  game text NOT NULL,
  ended_at bigint NOT NULL,
  ranked_match_id text,
  ranked_game integer,
  record jsonb NOT NULL
);
CREATE INDEX finished_games_ended ON finished_games (ended_at);

-- Which players' pages list a finished game.
CREATE TABLE finished_game_players (
  game_id text NOT NULL REFERENCES finished_games (id) ON DELETE CASCADE,
  player_id text NOT NULL REFERENCES players (id),
  ended_at bigint NOT NULL,
  PRIMARY KEY (game_id, player_id)
);
CREATE INDEX finished_game_players_recent ON finished_game_players (player_id, ended_at DESC);

-- Ten Exorcism's high scores.
CREATE TABLE ten_high_scores (
  id text PRIMARY KEY,
  name text NOT NULL,
  score integer NOT NULL,
  seed bigint NOT NULL,
  at bigint NOT NULL
);
CREATE INDEX ten_high_scores_best ON ten_high_scores (score DESC, at ASC);

-- Counters by group (Monty Hall's statistics: everyone's, and each player's own, forgotten when idle).
CREATE TABLE counters (
  grp text NOT NULL,
  field text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (grp, field)
);
CREATE TABLE counter_groups (
  grp text PRIMARY KEY,
  expires_at bigint
);

-- The Tic Tac Toe computer's Q-table: one value per (state, move) key.
CREATE TABLE ttt_q (
  key text PRIMARY KEY,
  value double precision NOT NULL
);

-- Secrets every process shares (the token-signing key when AUTH_SECRET is not set).
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL
);
