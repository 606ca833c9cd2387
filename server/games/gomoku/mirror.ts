/**
 * Writes the rules' view into the synced schema. Only changed fields are written, so a patch
 * carries just the move that was made. The board is not synced: `moves` gives it (schema.ts).
 */
import { availableChoices, type GomokuState, type Seat } from '../../../shared/games/gomoku';
import type { GomokuRoomState } from './schema';
import { syncArray } from '../../table/sync-array';

export function mirrorGomoku(target: GomokuRoomState, game: GomokuState | null, sessionOf: (seat: number) => string): void {
  // The rules number the seats 1 and 2, the table 0 and 1.
  const session = (seat: Seat | null) => (seat === null ? '' : sessionOf(seat - 1));
  if (!game) {
    target.phase = 'waiting';
    target.toMove = '';
    return;
  }
  target.phase = game.phase;
  target.turn = game.turn;
  syncArray(target.moves, game.moves.map((m) => m.y * 15 + m.x));
  target.toMove = session(game.toAct);
  target.blackPlayer = session(game.black);
  target.whitePlayer = session(game.white);
  target.winner = game.winner === 'draw' ? 'draw' : session(game.winner);
  target.endReason = game.endReason ?? '';
  syncArray(target.winLine, game.winLine);
  syncArray(target.choices, [...availableChoices(game)]);
}
