/**
 * A Swiss event's standings and rounds rebuilt from its rows with the shared rules: each player's
 * record (one outcome per round: a finished game, a bye, a late join's missed round, an absence),
 * ranked by `rankSwiss` (points, Buchholz cut 1, Sonneborn–Berger, direct encounter), the
 * performance from the games played, and what the next round's pairing needs (`SwissPlayer`).
 * Pure: the director and `GET /api/tournaments/:id` call it on what they read.
 */
import { NO_GAMES } from '../../shared/tournament/opener';
import { performanceRating, type RatedResult } from '../../shared/tournament/performance';
import type { SwissPlayer } from '../../shared/tournament/swiss-pairing';
import { rankSwiss, type RoundOutcome, type SwissRecord } from '../../shared/tournament/swiss-tiebreaks';
import type { SwissRecordRows, UnplayedKind } from './swiss-store';
import type { TournamentGame, TournamentPlayer } from './tournament-store';

/** One round of one player's sheet. */
export type SwissSheetEntry =
  | { round: number; kind: 'game'; gameId: string; opponent: string; opened: boolean; points: 0 | 0.5 | 1 | null }
  | { round: number; kind: UnplayedKind; points: 0 | 0.5 | 1 };

export interface SwissRow {
  rank: number;
  playerId: string;
  name: string;
  rating: number;
  /** Points. */
  score: number;
  buchholzCut1: number;
  sonnebornBerger: number;
  directEncounter: number;
  performance: number | null;
  withdrawn: boolean;
  /** Arena only: a Swiss row is never on fire. */
  fire: false;
  sheet: SwissSheetEntry[];
}

export interface SwissRound {
  round: number;
  games: TournamentGame[];
  byes: string[];
  absent: string[];
}

export interface SwissView {
  rounds: number;
  round: number;
  table: SwissRow[];
  /** Per round started, its games (opener first), bye and absentees. */
  pairings: SwissRound[];
  /** What pairing the next round needs, per player still in the event (withdrawn ones too: the caller filters). */
  pairing: Map<string, SwissPlayer>;
}

const scoreOf = (g: TournamentGame, playerId: string): 0 | 0.5 | 1 | null => {
  if (g.result === null) return null;
  // Nobody sat down to it (swiss-store.ts forfeit): both lose.
  if ((g.result as string) === 'none') return 0;
  if (g.result === 'draw') return 0.5;
  return (g.result === 'opener') === (g.opener === playerId) ? 1 : 0;
};

export function swissView(players: readonly TournamentPlayer[], games: readonly TournamentGame[], rows: SwissRecordRows): SwissView {
  const sheets = new Map<string, SwissSheetEntry[]>(players.map((p) => [p.playerId, []]));
  const swissGames = games.filter((g) => rows.gameRound.has(g.id));
  for (const g of swissGames) {
    const round = rows.gameRound.get(g.id)!;
    for (const [me, other] of [[g.opener, g.follower], [g.follower, g.opener]] as const) {
      sheets.get(me)?.push({ round, kind: 'game', gameId: g.id, opponent: other, opened: me === g.opener, points: scoreOf(g, me) });
    }
  }
  for (const u of rows.unplayed) sheets.get(u.playerId)?.push({ round: u.round, kind: u.kind, points: u.points });
  for (const sheet of sheets.values()) sheet.sort((a, b) => a.round - b.round);

  const rating = new Map(players.map((p) => [p.playerId, p.rating]));
  const records: SwissRecord[] = players.map((p) => ({
    id: p.playerId,
    rating: p.rating,
    rounds: sheets.get(p.playerId)!.flatMap((e): RoundOutcome[] => {
      if (e.kind !== 'game') return [{ kind: 'unplayed', score: e.points }];
      return e.points === null ? [] : [{ kind: 'game', opponent: e.opponent, score: e.points }];
    }),
  }));
  const byId = new Map(players.map((p) => [p.playerId, p]));
  const table: SwissRow[] = rankSwiss(records).map((r) => {
    const p = byId.get(r.id)!;
    const sheet = sheets.get(r.id)!;
    const rated: RatedResult[] = sheet.flatMap((e) => (e.kind === 'game' && e.points !== null
      ? [{ opponentRating: rating.get(e.opponent) ?? 1500, result: e.points === 1 ? 'win' as const : e.points === 0 ? 'loss' as const : 'draw' as const }] : []));
    return {
      rank: r.rank, playerId: r.id, name: p.name, rating: Math.round(p.rating), score: r.points, buchholzCut1: r.buchholzCut1,
      sonnebornBerger: r.sonnebornBerger, directEncounter: r.directEncounter, performance: performanceRating(rated), withdrawn: p.withdrawn, fire: false, sheet,
    };
  });

  const pairings: SwissRound[] = Array.from({ length: rows.progress.round }, (_, i) => ({ round: i + 1, games: [], byes: [], absent: [] }));
  for (const g of swissGames) pairings[rows.gameRound.get(g.id)! - 1]?.games.push(g);
  for (const u of rows.unplayed) {
    if (u.kind === 'bye') pairings[u.round - 1]?.byes.push(u.playerId);
    if (u.kind === 'absent') pairings[u.round - 1]?.absent.push(u.playerId);
  }

  const points = new Map(table.map((r) => [r.playerId, r.score]));
  // A game decided without a move (a forfeit: nobody sat down, or one player only) was no meeting: the two may meet later.
  const unplayed = new Set(swissGames.filter((g) => g.endedAt !== null && g.openerMoves + g.followerMoves === 0).map((g) => g.id));
  const pairing = new Map<string, SwissPlayer>(players.map((p) => {
    const sheet = sheets.get(p.playerId)!;
    return [p.playerId, {
      id: p.playerId, rating: p.rating, points: points.get(p.playerId) ?? 0,
      opponents: sheet.flatMap((e) => (e.kind === 'game' && !unplayed.has(e.gameId) ? [e.opponent] : [])),
      hadBye: sheet.some((e) => e.kind === 'bye'),
      openings: p.games > 0 ? { opened: p.opened, games: p.games, streak: p.openerStreak } : NO_GAMES,
      floatedDown: rows.extras.get(p.playerId)?.floatedDown ?? false,
    }];
  }));
  return { rounds: rows.progress.rounds, round: rows.progress.round, table, pairings, pairing };
}
