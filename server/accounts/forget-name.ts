/**
 * Takes a deleted account's name off every record that kept a copy of it, inside the deletion's
 * transaction. Public records are keyed by the account's id (and the pages look the name up by
 * it: ranked-store.ts, finished-games.ts), so this is the second line: no stored row keeps the
 * old name either, in case a page reads a copy. Every place a name is copied into:
 *   rating_history.opponent_name; matches.record.players[].name; settlements.settlement (the
 *   players' records in `after` and the opponents in `history`); finished_games.record.players[]
 *   (by playerId); ten_high_scores.name (by player_id). Its Monty Hall statistics go.
 */
import type { Queryable } from '../db/database';

/** A signed-in player's Monty Hall statistics group (server/games/monty-hall/player-identity.ts statsGroupOf). */
export const montyGroupOf = (playerId: string) => `monty:account:${playerId}`;

interface Named {
  id?: unknown;
  playerId?: unknown;
  name?: unknown;
}

/** `list` with the name of each entry of `id` (under `key`) replaced; whether anything changed. */
function rename(list: unknown, key: 'id' | 'playerId', id: string, shown: string): boolean {
  if (!Array.isArray(list)) return false;
  let changed = false;
  for (const entry of list as Named[]) {
    if (entry && entry[key] === id && entry.name !== shown) {
      entry.name = shown;
      changed = true;
    }
  }
  return changed;
}

export async function forgetName(tx: Queryable, id: string, shown: string): Promise<void> {
  await tx.query('UPDATE rating_history SET opponent_name = $2 WHERE opponent_id = $1', [id, shown]);
  await tx.query('UPDATE ten_high_scores SET name = $2 WHERE player_id = $1', [id, shown]);

  const matches = await tx.query<{ id: string; record: { players?: unknown } }>('SELECT id, record FROM matches WHERE player_a = $1 OR player_b = $1 FOR UPDATE', [id]);
  for (const m of matches) {
    if (rename(m.record.players, 'id', id, shown)) await tx.query('UPDATE matches SET record = $2::jsonb WHERE id = $1', [m.id, JSON.stringify(m.record)]);
  }

  const settlements = await tx.query<{ match_id: string; game: number; settlement: { after?: Record<string, Named>; history?: { opponent?: Named }[] } | null }>(
    'SELECT s.match_id, s.game, s.settlement FROM settlements s JOIN matches m ON m.id = s.match_id WHERE m.player_a = $1 OR m.player_b = $1 FOR UPDATE OF s',
    [id],
  );
  for (const s of settlements) {
    const own = s.settlement?.after?.[id];
    const opponents = (s.settlement?.history ?? []).map((h) => h?.opponent);
    const changed = [own && rename([own], 'id', id, shown), rename(opponents, 'id', id, shown)].some(Boolean);
    if (changed) await tx.query('UPDATE settlements SET settlement = $3::jsonb WHERE match_id = $1 AND game = $2', [s.match_id, s.game, JSON.stringify(s.settlement)]);
  }

  const games = await tx.query<{ id: string; record: { players?: unknown } }>(
    'SELECT g.id, g.record FROM finished_game_players p JOIN finished_games g ON g.id = p.game_id WHERE p.player_id = $1 FOR UPDATE OF g',
    [id],
  );
  for (const g of games) {
    if (rename(g.record.players, 'playerId', id, shown)) await tx.query('UPDATE finished_games SET record = $2::jsonb WHERE id = $1', [g.id, JSON.stringify(g.record)]);
  }

  // A player's own statistics are theirs alone: they go with the account.
  await tx.query('DELETE FROM counters WHERE grp = $1', [montyGroupOf(id)]);
  await tx.query('DELETE FROM counter_groups WHERE grp = $1', [montyGroupOf(id)]);
}
