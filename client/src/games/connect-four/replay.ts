/**
 * The Connect Four replay: the grid after step k of a finished game (each step a disc), drawn by
 * the live table's scene, with the shared step controls and the step in words. The record is
 * the columns played (server/games/connect-four/index.ts); the grid is played again from them.
 */
import { applyConnectFour, newConnectFour, type ConnectFourState, type Seat } from '../../../../shared/games/connect-four';
import { nameOfSeat, type FinishedGame } from '../../replay/finished-game';
import { replayFrame, resultText, steppedScene } from '../../replay/layout';
import { ConnectFourRenderer } from './board-renderer';
import { ENDINGS } from './words';
import { clockText as bankText, controlWords } from '../../../../shared/core/fischer-clock';

export function showConnectFourReplay(view: HTMLElement, game: FinishedGame): () => void {
  // With a Fischer clock: its control and the mover's ms left after each drop (-1: none ran).
  const { moves, clock, clockLeft } = game.record as { moves: number[]; clock?: string; clockLeft?: number[] };
  const leftAfter = (k: number) => {
    const ms = clockLeft?.[k - 1];
    return ms !== undefined && ms >= 0 ? ` (${bankText(ms)} left)` : '';
  };
  // Every position along the game, from the empty grid.
  const states: ConnectFourState[] = [newConnectFour()];
  for (const column of moves) {
    const before = states[states.length - 1];
    const next = applyConnectFour(before, before.toAct ?? 0 as Seat, { type: 'drop', column });
    states.push(next.ok ? next.state : before);
  }
  const { stage, side } = replayFrame(view, game, { title: 'Connect Four', note: (seat) => (seat === 0 ? 'red' : 'yellow'), reason: (r) => ENDINGS[r] });
  const replay = steppedScene(new ConnectFourRenderer(), stage, (k) => {
    const s = states[k];
    const lastCell = k === 0 ? -1 : s.cells.findIndex((c, i) => c !== states[k - 1].cells[i]);
    return { cells: s.cells, lastCell, winLine: s.winLine, dropping: 0 };
  }, {
    count: moves.length,
    // The seat that dropped step k's disc is the one the rules had to act before it, not a parity of k.
    words: (k) => (k === 0 ? `The empty grid.${clock ? ` Clock ${controlWords(clock)}.` : ''}` : `${nameOfSeat(game, states[k - 1].toAct ?? 0)}: column ${moves[k - 1] + 1}${leftAfter(k)}${k === moves.length ? ` · ${resultText(game, (r) => ENDINGS[r])}` : ''}`),
    label: (k) => `${k}. col ${moves[k - 1] + 1}`,
  });
  side.append(replay.controls.element);
  return replay.close;
}
