/**
 * What ranked play keeps besides the players (server/accounts/player-record.ts): matches
 * (series) with every game, and the settlement of each rated game. The rating arithmetic of a settlement is here,
 * once, for both stores.
 */
import { LICHESS, rateGame, type Rating, type Score } from '../../shared/games/rating/glicko2';
import type { PlayerRecord } from '../accounts/player-record';

export interface GameRecord {
  /** 1-based game number within the match. */
  n: number;
  /** Player ids by colour, once Swap 2 settled them. */
  black: string;
  white: string;
  /** Every Swap 2 action of the opening, in order, with the player who made it (seed Property 14). */
  swap2: { playerId: string; action: unknown }[];
  /** Every stone, as cell indices y*15+x, in placement order. */
  moves: number[];
  winner: string | null;
  reason: string;
  /** False when the game ended before both players had moved, or a ranked rule kept it unrated: no rating change. */
  rated: boolean;
  /** Why it is unrated, in the words the players were shown (ranked/eligibility.ts); absent when rated or recorded before it was kept. */
  unrated?: string;
  changes: Record<string, { before: number; after: number; rdAfter: number }>;
  /** The game's Fischer control ("5+3"); absent on the per-move clock (and in records kept before pools). */
  clock?: string;
  /** With a Fischer clock: ms left on the mover's clock after each action (the Swap 2 actions, then the stones), in order. */
  clockLeft?: number[];
}

export interface MatchRecord {
  id: string;
  bestOf: 1 | 3;
  players: { id: string; name: string }[];
  games: GameRecord[];
  status: 'playing' | 'finished';
  winner: string | null;
  startedAt: number;
  endedAt: number | null;
}

/** One line of a player's history. */
export interface HistoryEntry {
  matchId: string;
  game: number;
  opponent: { id: string; name: string };
  result: 'win' | 'loss' | 'draw';
  before: number;
  after: number;
  at: number;
}

/** A rated game to settle: `scoreA` from players[0]'s side. */
export interface SettleRequest {
  matchId: string;
  game: number;
  players: [string, string];
  scoreA: Score;
}

export interface Settlement {
  /** New ratings, keyed by player id (the same on a replay as the first time). */
  after: Record<string, PlayerRecord>;
  changes: Record<string, { before: number; after: number; rdAfter: number }>;
  history: [HistoryEntry, HistoryEntry];
}

/** Both players after one game, with their history lines. Pure: the stores make it happen once. */
export function settle(a: PlayerRecord, b: PlayerRecord, req: SettleRequest, now: number): Settlement {
  const [ra, rb] = rateGame(a, b, req.scoreA, LICHESS);
  const result = (s: number): HistoryEntry['result'] => (s === 1 ? 'win' : s === 0 ? 'loss' : 'draw');
  const tally = (p: PlayerRecord, r: Rating, s: number): PlayerRecord => ({
    ...p, ...r, games: p.games + 1, wins: p.wins + (s === 1 ? 1 : 0), losses: p.losses + (s === 0 ? 1 : 0), draws: p.draws + (s === 0.5 ? 1 : 0),
  });
  const sb = 1 - req.scoreA;
  return {
    after: { [a.id]: tally(a, ra, req.scoreA), [b.id]: tally(b, rb, sb) },
    changes: {
      [a.id]: { before: a.rating, after: ra.rating, rdAfter: ra.rd },
      [b.id]: { before: b.rating, after: rb.rating, rdAfter: rb.rd },
    },
    history: [
      { matchId: req.matchId, game: req.game, opponent: { id: b.id, name: b.name }, result: result(req.scoreA), before: a.rating, after: ra.rating, at: now },
      { matchId: req.matchId, game: req.game, opponent: { id: a.id, name: a.name }, result: result(sb), before: b.rating, after: rb.rating, at: now },
    ],
  };
}

/**
 * JSON for a jsonb column, every string in it made whole: a lone surrogate (half a character,
 * which JSON.stringify writes as `\ud800`) and a NUL (`\u0000`) are refused by PostgreSQL's jsonb,
 * and the whole record with them (a game's replay lost over one character of a player's name).
 * Each becomes U+FFFD, the replacement character.
 */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'string' ? v.replace(/[\p{Cs}\0]/gu, '\uFFFD') : v));
}
