-- Gomoku's end reasons take the names every two-player turn game uses (shared/core/turn-game.ts):
-- `resign` becomes `resigned`, `timeout` becomes `time` (the Fischer flag's name already), `abandon`
-- becomes `left` (shared/games/gomoku/state.ts LEGACY_END_REASONS). The kept games and matches
-- written before are rewritten in place, so every page and replay reads one set of names.

-- A finished Gomoku game's reason is its record's top-level `reason`.
UPDATE finished_games
SET record = jsonb_set(record, '{reason}', to_jsonb(CASE record->>'reason' WHEN 'resign' THEN 'resigned' WHEN 'timeout' THEN 'time' ELSE 'left' END::text))
WHERE game = 'gomoku' AND record->>'reason' IN ('resign', 'timeout', 'abandon');

-- A ranked match (always Gomoku) keeps one reason per game, in `games[n].reason`; the games keep their order.
UPDATE matches
SET record = jsonb_set(record, '{games}', (
  SELECT jsonb_agg(CASE WHEN g->>'reason' IN ('resign', 'timeout', 'abandon')
    THEN jsonb_set(g, '{reason}', to_jsonb(CASE g->>'reason' WHEN 'resign' THEN 'resigned' WHEN 'timeout' THEN 'time' ELSE 'left' END::text))
    ELSE g END ORDER BY n)
  FROM jsonb_array_elements(record->'games') WITH ORDINALITY AS t (g, n)
))
WHERE EXISTS (
  SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(record->'games') = 'array' THEN record->'games' END) AS t (g)
  WHERE g->>'reason' IN ('resign', 'timeout', 'abandon')
);
