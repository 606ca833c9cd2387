-- The pair cap counts a pair's rated games of the last 24 h straight from the history (ranked/series.ts):
-- one index range per pair, however many games either player has.
CREATE INDEX rating_history_pair ON rating_history (player_id, opponent_id, at DESC);
-- The leaderboard lists everyone with a rated game, provisional players too, by rating or by games played.
DROP INDEX players_leaderboard;
CREATE INDEX players_board_rating ON players (rating DESC) WHERE games > 0 AND deleted_at IS NULL;
CREATE INDEX players_board_games ON players (games DESC, rating DESC) WHERE games > 0 AND deleted_at IS NULL;
