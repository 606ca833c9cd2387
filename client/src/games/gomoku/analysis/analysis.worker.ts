/**
 * The engine off the page's thread: a whole game walked (each result posted as soon as it
 * exists) or one position judged. The search is synchronous; running it here keeps the board
 * and the buttons answering while it thinks, on a phone as on a desktop.
 */
import { BLACK, WHITE } from '../../../../../shared/games/gomoku/board';
import { Position } from '../../../../../shared/games/gomoku/ai/position';
import { C_FIVE } from '../../../../../shared/games/gomoku/ai/threats';
import { DEFAULT_BUDGET, analyseGame, finishedVerdict, judgePosition, stonesOf, threatPoints, type AnalysisInput } from '../../../../../shared/games/gomoku/analysis';
import type { BothThreats, FromWorker, ToWorker } from './protocol';

const post = (message: FromWorker) => (self as unknown as { postMessage(m: FromWorker): void }).postMessage(message);

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const message = e.data;
  if (message.kind === 'game') {
    post({ kind: 'threats', threats: threatsAlong(message.input) });
    for (const event of analyseGame(message.input)) post({ kind: 'event', event });
    post({ kind: 'done' });
  } else if (message.kind === 'position') {
    const { pos, winner } = replay(message.input);
    const verdict = winner ? finishedVerdict(winner) : judgePosition(pos, DEFAULT_BUDGET.deepNodes);
    post({ kind: 'position', id: message.id, verdict, threats: both(pos), over: winner !== null });
  }
};

function both(pos: Position): BothThreats {
  return [threatPoints(pos, BLACK), threatPoints(pos, WHITE)];
}

/** The threats at every position of the game (index = stones on the board). */
function threatsAlong(input: AnalysisInput): BothThreats[] {
  const pos = new Position(input.rule);
  const list = [both(pos)];
  for (const { cell, colour } of stonesOf(input)) {
    if (pos.cells[cell] !== 0) break;
    pos.play(cell, colour);
    list.push(both(pos));
  }
  return list;
}

/** The position after the input's stones, and who made five on it if someone did (play stops there). */
function replay(input: AnalysisInput): { pos: Position; winner: 1 | 2 | null } {
  const pos = new Position(input.rule);
  for (const { cell, colour } of stonesOf(input)) {
    if (pos.cells[cell] !== 0) break;
    const five = pos.threatOf(colour, cell) === C_FIVE;
    pos.play(cell, colour);
    if (five) return { pos, winner: colour };
  }
  return { pos, winner: null };
}
