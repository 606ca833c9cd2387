/**
 * A ranked match between two players: best of 1 or 3 Gomoku games, each from
 * `swap2_placement` with the opening player alternating (seed Property 10). Every game is
 * rated on its own, exactly once (RankedStore.settle), and recorded with its Swap 2 history
 * and final colours (seed Property 14). Plain data, kept in the room's snapshot.
 */
import * as v from 'valibot';
import { other, type EndReason, type GomokuState, type Seat } from '../../shared/games/gomoku';
import { movesToArray } from '../../shared/games/gomoku/move-list';
import type { Score } from '../../shared/games/rating/glicko2';
import { DAY_MS, type RankedEligibility } from './eligibility';
import type { RankedStore } from '../stores/ranked-store';
import type { GameRecord, MatchRecord } from '../stores/records';

export interface SeriesPlayer {
  playerId: string;
  name: string;
  rating: number;
  rd: number;
}

/** The server-only `ranked` create option of a Gomoku room: set by the `ranked_queue` room, never by a client. */
export interface RankedOption {
  matchId: string;
  bestOf: 1 | 3;
  players: [SeriesPlayer, SeriesPlayer];
  /** Why no game of this match is rated (the players share a network: eligibility.ts), decided at pairing; absent when they may be. */
  sharedNetwork?: string;
  /** Why the first game is unrated by the pair's daily cap, as counted at pairing (its settlement counts again). */
  pairCap?: string;
  /** The arena whose director paired this match: each game's result is written to it (server/tournaments/). */
  tournamentId?: string;
}

const seriesPlayer = v.strictObject({ playerId: v.string(), name: v.string(), rating: v.number(), rd: v.number() });
/** The shape of `RankedOption`, checked when a room is created with it. */
export const rankedOptionSchema = v.strictObject({ matchId: v.string(), bestOf: v.picklist([1, 3]), players: v.tuple([seriesPlayer, seriesPlayer]),
  sharedNetwork: v.optional(v.string()), pairCap: v.optional(v.string()), tournamentId: v.optional(v.string()) });

/**
 * A seat as the series records it (`acted`, the keys of `actions`, `berserk`): 1 for the table's
 * seat 0, 2 for its seat 1, the numbers the rules gave the seats when these fields were first
 * kept. The series lives in the room's snapshot, so a live series restored after a deploy holds
 * them; keeping them, read and written only here (`seriesSeat`), needs no conversion on restore.
 */
export type SeriesSeat = 1 | 2;

/** The series' record of the table's (and the rules') seat `seat`. */
const seriesSeat = (seat: Seat): SeriesSeat => (seat + 1) as SeriesSeat;

export interface SeriesData {
  matchId: string;
  bestOf: 1 | 3;
  /** players[0] opens (holds seat 0 in) the odd games, players[1] the even ones. */
  players: [SeriesPlayer, SeriesPlayer];
  game: number;
  /** Seats that sent an action themselves in this game (a timeout's move does not count), as SeriesSeat. */
  acted: SeriesSeat[];
  /** How many actions each seat (SeriesSeat) sent itself in this game (absent in snapshots from before it was kept). */
  actions?: Record<string, number>;
  /** The game is over and its rating update may not have happened yet (a crash in between). */
  unsettled: boolean;
  wins: Record<string, number>;
  /** The last rating change of each player (0 before the first rated game). */
  changes: Record<string, number>;
  finished: boolean;
  /** See RankedOption (absent in snapshots from before it was kept). */
  sharedNetwork?: string;
  /** Why the current game is (before it ends: will be) unrated, in words for the players; '' while it counts. */
  unrated?: string;
  /** See RankedOption. */
  tournamentId?: string;
  /** Seats (SeriesSeat) that went berserk in this game (an arena's: half the clock, +1 for a win of 7 moves). */
  berserk?: SeriesSeat[];
}

export function startSeries(option: RankedOption): SeriesData {
  const { matchId, bestOf, players, sharedNetwork, pairCap, tournamentId } = option;
  return { matchId, bestOf, players, game: 1, acted: [], actions: {}, unsettled: false, wins: {}, changes: {}, finished: false, sharedNetwork, unrated: sharedNetwork ?? pairCap ?? '', tournamentId };
}

/** The player in `seat` (the table's) in the current game. */
export function playerInSeat(series: SeriesData, seat: Seat): SeriesPlayer {
  const opener = (series.game - 1) % 2;
  return series.players[seat === 0 ? opener : 1 - opener];
}

/** The player in `seat` sent an action themselves. */
export function noteAction(series: SeriesData, seat: Seat): void {
  const key = seriesSeat(seat);
  if (!series.acted.includes(key)) series.acted.push(key);
  series.actions ??= {};
  series.actions[key] = (series.actions[key] ?? 0) + 1;
}

/** How many actions the player in `seat` sent themselves in this game; `unknown` when the snapshot kept no count. */
export function actionsOf(series: SeriesData, seat: Seat, unknown = 0): number {
  return series.actions?.[seriesSeat(seat)] ?? unknown;
}

/** Whether the player in `seat` went berserk in this game. */
export function isBerserk(series: SeriesData, seat: Seat): boolean {
  return (series.berserk ?? []).includes(seriesSeat(seat));
}

export function markBerserk(series: SeriesData, seat: Seat): void {
  if (!isBerserk(series, seat)) series.berserk = [...(series.berserk ?? []), seriesSeat(seat)];
}

/** Why a game is unrated, and whether that ends the match: an abort or a game the loser hardly played does; the pair's network or daily cap does not. */
export interface Unrated {
  why: string;
  endsMatch: boolean;
}

/**
 * Why the game just ended is unrated, or null when it is rated. Aborting before both players have
 * moved at least once is a no-result; so is a game between two accounts of one network not both
 * established, a decisive game whose loser made fewer than the rules' minimum of actions of their
 * own, and a game past the pair's daily cap (eligibility.ts).
 */
export async function unratedReason(store: RankedStore, eligibility: RankedEligibility, series: SeriesData, winner: Seat | null, endReason: EndReason | null, now: number): Promise<Unrated | null> {
  if (series.acted.length !== 2) return { why: 'the game ended before both players had moved', endsMatch: true };
  if (series.sharedNetwork) return { why: series.sharedNetwork, endsMatch: false };
  if (winner !== null) {
    // A resignation is the loser's last action, not a move of the game.
    const few = eligibility.loserMovesReason(actionsOf(series, other(winner), 1) - (endReason === 'resigned' ? 1 : 0));
    if (few) return { why: few, endsMatch: true };
  }
  // This very game is left out: settled once already (a crash in between), it is counted as the first time.
  const capped = eligibility.pairCapReason(names(series), await pairToday(store, eligibility, series, now, { matchId: series.matchId, game: series.game }), now);
  return capped ? { why: capped, endsMatch: false } : null;
}

const names = (series: SeriesData): [string, string] => [series.players[0].name, series.players[1].name];

/** The pair's rated games against each other in the last 24 h, counted in the database of record. */
function pairToday(store: RankedStore, eligibility: RankedEligibility, series: SeriesData, now: number, except?: { matchId: string; game: number }) {
  return store.pairGames(series.players[0].playerId, series.players[1].playerId, now - DAY_MS, eligibility.rules.gamesPerPairPerDay, except);
}

export async function recordMatchStart(store: RankedStore, series: SeriesData): Promise<void> {
  const match: MatchRecord = {
    id: series.matchId, bestOf: series.bestOf, players: series.players.map((p) => ({ id: p.playerId, name: p.name })),
    games: [], status: 'playing', winner: null, startedAt: Date.now(), endedAt: null,
  };
  await store.saveMatch(match);
}

/**
 * Settles the finished game: rates it (once, whatever happens around this call), adds it to
 * the match record, and decides whether the series goes on. Safe to call again after a crash.
 */
export async function settleGame(store: RankedStore, eligibility: RankedEligibility, series: SeriesData, game: GomokuState, clock?: { control: string; left: readonly number[] }): Promise<GameRecord> {
  const id = (seat: Seat | null) => (seat === null ? '' : playerInSeat(series, seat).playerId);
  const winnerSeat = game.winner === 'draw' ? null : game.winner;
  const winner = winnerSeat === null ? null : id(winnerSeat);
  const [a, b] = [series.players[0].playerId, series.players[1].playerId];
  // The pair's daily cap is read before this game is settled: a replay after a crash finds the marker first (ranked-store.ts).
  const reason = await unratedReason(store, eligibility, series, winnerSeat, game.endReason, Date.now());
  const rated = reason === null;
  series.unrated = reason?.why ?? '';
  let changes: GameRecord['changes'] = {};
  if (rated) {
    const scoreA: Score = winner === a ? 1 : winner === b ? 0 : 0.5;
    changes = (await store.settle({ matchId: series.matchId, game: series.game, players: [a, b], scoreA })).changes;
    for (const p of series.players) {
      const c = changes[p.playerId];
      Object.assign(p, { rating: c.after, rd: c.rdAfter });
      series.changes[p.playerId] = Math.round(c.after) - Math.round(c.before);
    }
  }
  const record: GameRecord = {
    n: series.game, black: id(game.black), white: id(game.white),
    swap2: game.opening.map(({ seat, ...action }) => ({ playerId: id(seat), action })),
    moves: movesToArray(game.moves).map((m) => m.y * 15 + m.x),
    winner, reason: game.endReason ?? 'unknown', rated, changes,
    ...(reason ? { unrated: reason.why } : {}),
    ...(clock?.control ? { clock: clock.control, clockLeft: [...clock.left] } : {}),
  };
  const match = (await store.match(series.matchId)) ?? null;
  if (match && !match.games.some((g) => g.n === record.n)) match.games.push(record);
  if (winner) series.wins[winner] = (series.wins[winner] ?? 0) + 1;
  const needed = Math.ceil(series.bestOf / 2);
  // An abandonment or an unrated (aborted) game ends the match; so does a decided score or the last game.
  series.finished = Boolean(reason?.endsMatch) || game.endReason === 'left' || Object.values(series.wins).some((w) => w >= needed) || series.game >= series.bestOf;
  series.unsettled = false;
  if (match) {
    if (series.finished) Object.assign(match, { status: 'finished', endedAt: Date.now(), winner: seriesLeader(series) });
    await store.saveMatch(match);
  }
  return record;
}

/** The player with more wins, or null on an even score. */
function seriesLeader(series: SeriesData): string | null {
  const [first, second] = Object.entries(series.wins).sort((x, y) => y[1] - x[1]);
  return first && (!second || first[1] > second[1]) ? first[0] : null;
}

/** Moves the series to its next game (the other player opens), saying beforehand when it will be unrated. */
export async function nextGame(store: RankedStore, eligibility: RankedEligibility, series: SeriesData): Promise<void> {
  series.game += 1;
  series.acted = [];
  series.actions = {};
  series.berserk = [];
  const now = Date.now();
  series.unrated = series.sharedNetwork ?? (await pairToday(store, eligibility, series, now).then((played) => eligibility.pairCapReason(names(series), played, now)).catch(() => null)) ?? '';
}

/** A player left for good between two games: the match ends on the score it has. */
export async function endSeriesEarly(store: RankedStore, series: SeriesData): Promise<void> {
  series.finished = true;
  const match = await store.match(series.matchId);
  if (!match || match.status === 'finished') return;
  Object.assign(match, { status: 'finished', endedAt: Date.now(), winner: seriesLeader(series) });
  await store.saveMatch(match);
}
