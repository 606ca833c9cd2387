/**
 * The Dots and Boxes table: the board beside the table kit's panel (turn-view.ts: the players with
 * their colour, boxes, connection and clock, resigning, the result, a rematch and the replay).
 */
import './dots-and-boxes.css';
import type { DotsAndBoxesSynced } from '../../../../shared/games/dots-and-boxes/synced';
import { showTurnTable } from '../../turn-view';
import { DotsAndBoxesRenderer } from './board-renderer';
import { ENDINGS } from './words';

const boxes = (n: number) => `${n} ${n === 1 ? 'box' : 'boxes'}`;

export function showDotsAndBoxes(view: HTMLElement, roomId: string, watch: boolean): Promise<() => void> {
  /** Boxes closed when last drawn: a move that closed one is announced as such (the player goes again). */
  let closed = 0;
  return showTurnTable<DotsAndBoxesSynced, DotsAndBoxesRenderer>(view, roomId, watch, {
    path: 'dots-and-boxes',
    board: { id: 'dab-board', label: 'Dots and Boxes grid. Arrow keys move along the lines, Enter or Space draws one.' },
    scene: new DotsAndBoxesRenderer(),
    endings: ENDINGS,
    yourTurn: 'Your turn: draw a line',
    icon: (p) => `box-icon seat-${p.seat}`,
    tag: (p, s) => `· ${boxes(s.scores[p.seat - 1] ?? 0)}`,
    play: (board, room) => (board.onDraw = (line) => room.send('draw', { line })),
    draw: (board, s, mySeat) => board.draw({ lines: [...s.lines], boxes: [...s.boxes], lastLine: s.lastLine, drawing: mySeat }),
    moved(s) {
      const now = s.scores.reduce((a, b) => a + b, 0);
      const words = now > closed && s.phase === 'playing' ? 'Box closed: the same player draws again. ' : '';
      closed = now;
      return words;
    },
  });
}
