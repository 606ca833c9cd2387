-- Name keys become confusable skeletons (server/accounts/names.ts): migrate.ts recomputes every
-- held key right after this file, in the same transaction (SQL cannot compute a skeleton).
-- Ten Exorcism's scores name the account that made them when there is one, so a player's export
-- finds them and deleting the account takes the name off them.
ALTER TABLE ten_high_scores ADD COLUMN player_id text;
CREATE INDEX ten_high_scores_player ON ten_high_scores (player_id) WHERE player_id IS NOT NULL;
