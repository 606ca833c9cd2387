/** Playing Ten Exorcism in tests: a valid selection on a board, and a game played to its end. */
import type { Room } from '@colyseus/sdk';
import { COLS, ROWS, validateSelection, type Selection } from '../../shared/games/ten-exorcism';
import { waitForState } from './server';

/** Some rectangle of the board that sums to 10, or null. */
export function findValid(board: number[]): Selection | null {
  for (let r0 = 0; r0 < ROWS; r0++) for (let c0 = 0; c0 < COLS; c0++) for (let r1 = r0; r1 < ROWS; r1++) for (let c1 = c0; c1 < COLS; c1++) {
    const s = { startRow: r1, startCol: c1, endRow: r0, endCol: c0 }; // corners in any order
    if (validateSelection(board, s).isValid) return s;
  }
  return null;
}

/** Selects valid rectangles until none is left; resolves with the final score. */
export async function playToTheEnd(room: Room<any, any>): Promise<number> {
  await waitForState(room, (s) => s.board.length === 170);
  for (let guard = 0; guard < 200 && !room.state.isGameOver; guard++) {
    const before = room.state.score as number;
    room.send('select', findValid([...room.state.board] as number[])!);
    await waitForState(room, (s) => s.score > before || s.isGameOver);
  }
  await waitForState(room, (s) => s.isGameOver);
  return room.state.score as number;
}
