import type { ForfeitAction, ForfeitReason } from '../../core/turn-game';
import type { GOMOKU_RULE_CODES } from './errors';
import type { Board, Stone, WinRule } from './board';
import type { MoveList } from './move-list';
import type { Phase, Seat, Swap2Choice } from './swap2';

export interface GomokuConfig {
  rule: WinRule;
  swap2: boolean;
}

/** One stone on the board, in the order stones were placed (1-based `order`). */
export interface Placement {
  x: number;
  y: number;
  colour: Stone;
  seat: Seat;
  order: number;
  phase: Phase;
}

/** Seed Property 14: the opening's placements and choices, in order. */
export type OpeningAction =
  | { type: 'place'; seat: Seat; x: number; y: number }
  | { type: 'choice'; seat: Seat; choice: Swap2Choice };

/**
 * How a game ended: five in a row, a full board, or one of the forfeits every turn game names
 * alike (shared/core/turn-game.ts): `resigned`, `time` (the per-move clock ran out or a Fischer
 * clock's flag fell) and `left` (the player did not come back).
 */
export type EndReason = 'five' | 'draw' | ForfeitReason;

/**
 * The names Gomoku gave its forfeits before it took the standard ones. Rooms saved in Redis
 * then still hold them; reading such a state gives today's names (serialize.ts `reviveState`, `deserialize`),
 * and migration 008 rewrote the finished games and matches the database kept.
 */
export const LEGACY_END_REASONS: Readonly<Record<string, ForfeitReason>> = { resign: 'resigned', timeout: 'time', abandon: 'left' };

/** An end reason in today's words: an old name mapped (LEGACY_END_REASONS), any other as it is. */
export function currentEndReason<R extends string>(reason: R): R | ForfeitReason {
  return Object.hasOwn(LEGACY_END_REASONS, reason) ? LEGACY_END_REASONS[reason] : reason;
}

/**
 * Plain data: it is persisted (serialize.ts gives the stored shape) and replayed. Every seat in it
 * (`toAct`, `black`, `white`, `winner`, the placements' and opening actions' `seat`) is the table's
 * (swap2.ts `Seat`: 0 or 1).
 */
export interface GomokuState {
  config: GomokuConfig;
  phase: Phase;
  /** 15 rows of 15 cells, shared row by row with the state before (board.ts says why). */
  board: Board;
  /**
   * The stones in the order placed, in chunks shared with the state before (move-list.ts says
   * why); read it through move-list.ts. Serialised as a flat array of placements (serialize.ts).
   */
  moves: MoveList<Placement>;
  /** The seat that must act now, or null when nobody may (game over). */
  toAct: Seat | null;
  black: Seat | null;
  white: Seat | null;
  opening: OpeningAction[];
  winner: Seat | 'draw' | null;
  winLine: number[];
  endReason: EndReason | null;
  /** Accepted actions so far: a state counter that orders logs and rejects stale actions. */
  turn: number;
}

export type GomokuAction =
  | { type: 'place'; x: number; y: number }
  /** A choice as the player sent it (any string): the rules refuse one not offered now (`invalid_choice`). */
  | { type: 'choose'; choice: string }
  | { type: 'resign' }
  /** Issued by the server, never by a client: the seat ran out of time (`time`) or did not return (`left`). */
  | ForfeitAction;

export type GomokuEvent =
  | { type: 'stone_placed'; seat: Seat; x: number; y: number; colour: Stone; order: number }
  | { type: 'choice_made'; seat: Seat; choice: Swap2Choice }
  | { type: 'phase_changed'; phase: Phase }
  | { type: 'colours_assigned'; black: Seat; white: Seat }
  | { type: 'game_over'; winner: Seat | 'draw'; reason: EndReason; line: number[] };

export type GomokuErrorCode = (typeof GOMOKU_RULE_CODES)[number];
