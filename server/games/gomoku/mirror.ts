/**
 * Writes the rules' view into the synced schema. Only changed fields are written, so a patch
 * carries just the move that was made: the list itself is not synced (schema.ts), only its last
 * stone, its length and the game it belongs to; `movesAnswer` gives a client the whole list.
 */
import { availableChoices, lastMove, moveCount, movesToArray, type GomokuState, type Seat } from '../../../shared/games/gomoku';
import type { MovesAnswer } from '../../../shared/games/gomoku/move-trail';
import type { GomokuRoomState } from './schema';
import { syncArray } from '../../table/sync-array';

export function mirrorGomoku(target: GomokuRoomState, game: GomokuState | null, sessionOf: (seat: number) => string, startedAt: number): void {
  target.startedAt = startedAt;
  if (!game) {
    target.phase = 'waiting';
    target.toMove = '';
    target.moveCount = 0;
    target.lastMove = -1;
    return;
  }
  target.phase = game.phase;
  target.turn = game.turn;
  const last = lastMove(game.moves);
  target.moveCount = moveCount(game.moves);
  target.lastMove = last === null ? -1 : cellOf(last);
  target.toMove = sessionOfSeat(sessionOf, game.toAct);
  target.blackPlayer = sessionOfSeat(sessionOf, game.black);
  target.whitePlayer = sessionOfSeat(sessionOf, game.white);
  target.winner = game.winner === 'draw' ? 'draw' : sessionOfSeat(sessionOf, game.winner);
  target.endReason = game.endReason ?? '';
  syncArray(target.winLine, game.winLine);
  syncArray(target.choices, availableChoices(game));
}

/**
 * The answer to a client's `moves`: the whole list of the game the synced state shows. Asked
 * in turn with the room's steps, so it holds no stone whose save is still awaited.
 */
export function movesAnswer(startedAt: number, game: GomokuState | null): MovesAnswer {
  return { startedAt, cells: game ? movesToArray(game.moves).map(cellOf) : [] };
}

/** The session in a seat of the rules (the table's seat), '' for none. */
function sessionOfSeat(sessionOf: (seat: number) => string, seat: Seat | null): string {
  return seat === null ? '' : sessionOf(seat);
}

const cellOf = (move: { x: number; y: number }) => move.y * 15 + move.x;
