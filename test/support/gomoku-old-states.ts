/**
 * Gomoku rules states as servers wrote them while the rules numbered the seats 1 and 2 (seat 1
 * opened; today seat 0 does, as the table numbers it): what Redis snapshots and documents saved
 * then hold, for the tests that revive them.
 */
import type { GomokuState, Placement } from '../../shared/games/gomoku';

/** A seat as the rules numbered it then: one more. */
export const oldSeat = (seat: number) => seat + 1;
const oldSeatOrNull = (seat: number | null) => (seat === null ? null : oldSeat(seat));

/**
 * A state (whole, or packed by `packState`) as the rules wrote it then, through JSON: every seat
 * one more; a packed state's version 1 (`packed: 1`) and the stones' seats, the middle number of
 * each three, one more; a whole state's `moves` a flat array of placements, as stored.
 */
export function withOldSeats<S extends Omit<GomokuState, 'board' | 'moves'> & { moves: unknown }>(state: S): S {
  const saved = JSON.parse(JSON.stringify(state));
  Object.assign(saved, {
    toAct: oldSeatOrNull(saved.toAct),
    black: oldSeatOrNull(saved.black),
    white: oldSeatOrNull(saved.white),
    winner: saved.winner === 'draw' ? 'draw' : oldSeatOrNull(saved.winner),
    opening: saved.opening.map((action: { seat: number }) => ({ ...action, seat: oldSeat(action.seat) })),
  });
  if (saved.packed !== undefined) Object.assign(saved, { packed: 1, moves: saved.moves.map((n: number, i: number) => (i % 3 === 1 ? oldSeat(n) : n)) });
  else saved.moves = saved.moves.flat().map((m: Placement) => ({ ...m, seat: oldSeat(m.seat) }));
  return saved;
}
