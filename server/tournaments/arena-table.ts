/**
 * An arena's standings rebuilt from its rows (tournament-store.ts) with the shared rules: each
 * player's sheet from their finished games in the order they ended (arena-sheet.ts), the
 * performance tie-break, and the sorted table (standings.ts). Pure: the director and the HTTP
 * page call it on what they read, so both show the same numbers.
 */
import { buildSheet, isOnFire, LICHESS_ARENA, type ArenaGame, type ArenaSheet } from '../../shared/tournament/arena-sheet';
import { performanceRating, type RatedResult } from '../../shared/tournament/performance';
import { arenaStandings, type ArenaEntry } from '../../shared/tournament/standings';
import { endsAt, type Tournament, type TournamentGame, type TournamentPlayer } from './tournament-store';

export interface ArenaRow {
  rank: number;
  playerId: string;
  name: string;
  rating: number;
  score: number;
  fire: boolean;
  performance: number | null;
  withdrawn: boolean;
  sheet: ArenaSheet;
}

/** One finished game from one side, as the sheet reads it. */
function sideOf(game: TournamentGame, playerId: string): ArenaGame & { opponent: string } {
  const opener = game.opener === playerId;
  const won = game.result === (opener ? 'opener' : 'follower');
  const result = game.result === 'draw' ? 'draw' : won ? 'win' : 'loss';
  return {
    result, berserk: opener ? game.openerBerserk : game.followerBerserk, plies: game.openerMoves + game.followerMoves,
    ownMoves: opener ? game.openerMoves : game.followerMoves, endedAt: game.endedAt!, opponent: opener ? game.follower : game.opener,
  };
}

export function arenaTable(event: Tournament, players: readonly TournamentPlayer[], games: readonly TournamentGame[]): ArenaRow[] {
  const rules = { ...LICHESS_ARENA, eventEndsAt: endsAt(event) };
  const rating = new Map(players.map((p) => [p.playerId, p.rating]));
  // Each player's finished games, in the order they ended: one pass over the games, not one per player.
  const gamesOf = new Map<string, TournamentGame[]>();
  for (const g of games) {
    if (g.endedAt === null || g.result === null) continue;
    for (const id of [g.opener, g.follower]) {
      const list = gamesOf.get(id);
      if (list) list.push(g);
      else gamesOf.set(id, [g]);
    }
  }
  const entries: [string, ArenaEntry][] = [];
  const rows = new Map<string, Omit<ArenaRow, 'rank'>>();
  for (const p of players) {
    const sides = (gamesOf.get(p.playerId) ?? []).map((g) => sideOf(g, p.playerId));
    const sheet = buildSheet(sides, rules);
    const rated: RatedResult[] = sides.filter((s) => s.endedAt <= rules.eventEndsAt).map((s) => ({ opponentRating: rating.get(s.opponent) ?? 1500, result: s.result }));
    const performance = performanceRating(rated);
    entries.push([p.playerId, { score: sheet.total, performance, rating: p.rating }]);
    rows.set(p.playerId, { playerId: p.playerId, name: p.name, rating: Math.round(p.rating), score: sheet.total, fire: isOnFire(sheet), performance, withdrawn: p.withdrawn, sheet });
  }
  // One sort of the whole table (a player at a time would shift the array once each).
  const table = arenaStandings();
  table.load(entries);
  return table.page(1, table.size).map((r) => ({ rank: r.rank, ...rows.get(r.id)! }));
}
