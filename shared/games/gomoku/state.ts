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

/** `timeout`: a per-move clock ran out; `time`: a Fischer clock's bank did (the flag fell). */
export type EndReason = 'five' | 'draw' | 'resign' | 'timeout' | 'time' | 'abandon';

/** Plain data: it is persisted (serialize.ts gives the stored shape) and replayed. */
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
  /** Issued by the server, never by a client: the seat ran out of time or did not return. */
  | { type: 'forfeit'; reason: 'timeout' | 'time' | 'abandon' };

export type GomokuEvent =
  | { type: 'stone_placed'; seat: Seat; x: number; y: number; colour: Stone; order: number }
  | { type: 'choice_made'; seat: Seat; choice: Swap2Choice }
  | { type: 'phase_changed'; phase: Phase }
  | { type: 'colours_assigned'; black: Seat; white: Seat }
  | { type: 'game_over'; winner: Seat | 'draw'; reason: EndReason; line: number[] };

export type GomokuErrorCode = (typeof GOMOKU_RULE_CODES)[number];
