/**
 * Writes the rules state into the synced schema. Only changed fields and cells are
 * written, so a patch carries just the move that was made.
 */
import { CELLS, availableChoices, type GomokuState, type Seat } from '../../shared/games/gomoku';
import type { GomokuRoomState } from './gomoku-schema';
import { syncArray } from '../table/sync-array';

export type SeatMap = Partial<Record<Seat, string>>;

export function mirrorGomoku(target: GomokuRoomState, game: GomokuState | null, seats: SeatMap): void {
  const sessionOf = (seat: Seat | null) => (seat === null ? '' : (seats[seat] ?? ''));
  if (!game) {
    target.phase = 'waiting';
    target.toMove = '';
    return;
  }
  target.phase = game.phase;
  target.turn = game.turn;
  for (let i = 0; i < CELLS; i++) {
    if (target.board[i] !== game.board[i]) target.board[i] = game.board[i];
  }
  syncArray(target.moves, game.moves.map((m) => m.y * 15 + m.x));
  target.toMove = sessionOf(game.toAct);
  target.blackPlayer = sessionOf(game.black);
  target.whitePlayer = sessionOf(game.white);
  target.winner = game.winner === 'draw' ? 'draw' : sessionOf(game.winner);
  target.endReason = game.endReason ?? '';
  syncArray(target.winLine, game.winLine);
  syncArray(target.choices, [...availableChoices(game)]);
}
