/**
 * What a two-player turn-based game (Connect Four, Dots and Boxes) writes alike, written once: the
 * turn clock option, the forfeits (resigning, the clock running out, leaving), the version counter
 * that counts a forfeit as an action, and the definition's table-facing parts. A game spreads
 * `twoPlayerTurnParts(...)` into its definition and writes only its rules, view and messages.
 */
import { integerOption } from './options';
import type { Outcome } from './game';

export type TwoSeat = 0 | 1;
export const otherSeat = (seat: TwoSeat): TwoSeat => (seat === 0 ? 1 : 0);

/** The turn clock a room may ask for, in seconds. */
export const TURN_SECONDS = { min: 5, max: 3600, default: 60 } as const;

export interface TurnConfig {
  turnSeconds: number;
}

export const turnOptions = { turnSeconds: integerOption('turnSeconds', TURN_SECONDS.min, TURN_SECONDS.max, TURN_SECONDS.default) };

/** A game ended without a move: by resigning, on the clock, or by leaving during it. */
export const FORFEIT_REASONS = ['resigned', 'time', 'left'] as const;
export type ForfeitReason = (typeof FORFEIT_REASONS)[number];
export type ForfeitAction = { type: 'forfeit'; reason: ForfeitReason };

/** The fields every two-player turn state has: whose turn, who won, and how it ended. */
export interface TwoPlayerTurnState<Reason extends string = string> {
  toAct: TwoSeat | null;
  winner: TwoSeat | 'draw' | null;
  reason: Reason | ForfeitReason | null;
}

/** The state once `seat` forfeits: the other player wins. */
export function forfeited<S extends TwoPlayerTurnState>(state: S, seat: TwoSeat, reason: ForfeitReason): S {
  return { ...state, toAct: null, winner: otherSeat(seat), reason };
}

export const isForfeit = (reason: string | null) => (FORFEIT_REASONS as readonly (string | null)[]).includes(reason);

/**
 * The definition's parts that only say "two players take turns on a clock": seats, start, the
 * clock, who acts, the forfeits, the outcome, and the version (`moves` played, plus one for a
 * forfeit: every accepted action counts). `endedBy` names an end with no forfeit (Connect Four's 'four').
 */
export function twoPlayerTurnParts<S extends TwoPlayerTurnState>(moves: (state: S) => number) {
  return {
    options: turnOptions,
    config: (options: { turnSeconds: number }): TurnConfig => ({ turnSeconds: options.turnSeconds }),
    seats: () => ({ min: 2, max: 2 }),
    start: 'full' as const,
    turnSeconds: (config: TurnConfig) => config.turnSeconds,
    toAct: (state: S) => (state.toAct === null ? [] : [state.toAct]),
    timeout: (): ForfeitAction => ({ type: 'forfeit', reason: 'time' }),
    abandon: (): ForfeitAction => ({ type: 'forfeit', reason: 'left' }),
    outcome: (state: S): Outcome | null => (state.winner === null ? null : { winner: state.winner, reason: state.reason ?? '' }),
    version: (state: S) => moves(state) + (isForfeit(state.reason) ? 1 : 0),
  };
}
