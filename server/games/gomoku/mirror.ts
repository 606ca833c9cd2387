/**
 * Writes the rules' view into the synced schema. Only changed fields are written, so a patch
 * carries just the move that was made. The board is not synced: `moves` gives it (schema.ts).
 */
import type { ArraySchema } from '@colyseus/schema';
import { availableChoices, moveAt, moveCount, movesToArray, type GomokuState, type MoveList, type Placement, type Seat } from '../../../shared/games/gomoku';
import type { GomokuRoomState } from './schema';
import { syncArray } from '../../table/sync-array';

export function mirrorGomoku(target: GomokuRoomState, game: GomokuState | null, sessionOf: (seat: number) => string): void {
  if (!game) {
    target.phase = 'waiting';
    target.toMove = '';
    return;
  }
  target.phase = game.phase;
  target.turn = game.turn;
  syncMoves(target.moves, game.moves);
  target.toMove = sessionOfSeat(sessionOf, game.toAct);
  target.blackPlayer = sessionOfSeat(sessionOf, game.black);
  target.whitePlayer = sessionOfSeat(sessionOf, game.white);
  target.winner = game.winner === 'draw' ? 'draw' : sessionOfSeat(sessionOf, game.winner);
  target.endReason = game.endReason ?? '';
  syncArray(target.winLine, game.winLine);
  syncArray(target.choices, availableChoices(game));
}

/** The rules number the seats 1 and 2, the table 0 and 1. */
function sessionOfSeat(sessionOf: (seat: number) => string, seat: Seat | null): string {
  return seat === null ? '' : sessionOf(seat - 1);
}

const cellOf = (move: Placement) => move.y * 15 + move.x;

/** The rules' move list each synced list was last made equal to. */
const lastSynced = new WeakMap<ArraySchema<number>, MoveList>();

/**
 * The synced move list made equal to the rules'. A placement makes the new list with `appendMove`,
 * which keeps the stone objects, so a list holding the very same last stone object as the one
 * synced before extends it: then only the new stones are pushed, with no copy of the list and no
 * walk over the synced array per move. Anything else (a new game, a restore) is synced in full.
 */
function syncMoves(target: ArraySchema<number>, moves: MoveList): void {
  const before = lastSynced.get(target);
  lastSynced.set(target, moves);
  const [count, beforeCount] = [moveCount(moves), before === undefined ? 0 : moveCount(before)];
  const extends_ = before !== undefined && target.length === beforeCount && count >= beforeCount && (beforeCount === 0 || moveAt(moves, beforeCount - 1) === moveAt(before, beforeCount - 1));
  if (!extends_) return syncArray(target, movesToArray(moves).map(cellOf));
  for (let i = target.length; i < count; i++) target.push(cellOf(moveAt(moves, i)));
}
