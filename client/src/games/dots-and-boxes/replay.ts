/**
 * The Dots and Boxes replay: the grid after step k of a finished game (each step a line), drawn by
 * the live table's scene, with the shared step controls and the step in words. The record
 * (shared/games/dots-and-boxes/record.ts) holds each line with the seat that drew it: the grid
 * is played again from them, each line by the seat that really drew it (a box closed, it drew again).
 */
import { applyDotsAndBoxes, dotsAndBoxesRecord, isHorizontal, lineEnds, newDotsAndBoxes, type DotsAndBoxesState } from '../../../../shared/games/dots-and-boxes';
import { readRecord } from '../../../../shared/core/replay-record';
import { h } from '../../dom';
import { nameOfSeat, type FinishedGame } from '../../replay/finished-game';
import { replayFrame, resultText, steppedScene } from '../../replay/layout';
import { DotsAndBoxesRenderer } from './board-renderer';
import { ENDINGS } from './words';

/** "across from dot 2,3" in the players' words: dots counted from 1, column then row. */
function lineWords(line: number): string {
  const [[column, row]] = lineEnds(line);
  return `${isHorizontal(line) ? 'across' : 'down'} from dot ${column + 1},${row + 1}`;
}

/** The list's short form: "— 2,3" across, "| 2,3" down, from that dot. */
function shortWords(line: number): string {
  const [[column, row]] = lineEnds(line);
  return `${isHorizontal(line) ? '—' : '|'} ${column + 1},${row + 1}`;
}

export function showDotsAndBoxesReplay(view: HTMLElement, game: FinishedGame): () => void {
  const record = readRecord(dotsAndBoxesRecord, game.record);
  if (!record) {
    view.append(h('p', { class: 'muted' }, 'This game was kept in a form this page cannot read.'));
    return () => undefined;
  }
  const { steps } = record;
  const states: DotsAndBoxesState[] = [newDotsAndBoxes()];
  for (const { seat, step } of steps) {
    const before = states[states.length - 1];
    const next = applyDotsAndBoxes(before, seat === 0 ? 0 : 1, { type: 'draw', line: step.line });
    states.push(next.ok ? next.state : before);
  }
  const { stage, side } = replayFrame(view, game, { title: 'Dots and Boxes', note: (seat) => (seat === 0 ? 'red' : 'blue'), reason: (r) => ENDINGS[r] });
  const score = (k: number) => `${states[k].scores[0]}–${states[k].scores[1]}`;
  const replay = steppedScene(new DotsAndBoxesRenderer(), stage, (k) => ({ lines: states[k].lines, boxes: states[k].boxes, lastLine: k === 0 ? -1 : steps[k - 1].step.line, drawing: 0 }), {
    count: steps.length,
    words: (k) => (k === 0 ? 'The empty grid.' : `${nameOfSeat(game, steps[k - 1].seat)}: ${lineWords(steps[k - 1].step.line)} · ${score(k)}${k === steps.length ? ` · ${resultText(game, (r) => ENDINGS[r])}` : ''}`),
    label: (k) => `${k}. ${steps[k - 1].seat === 0 ? 'red' : 'blue'} ${shortWords(steps[k - 1].step.line)}`,
  });
  side.append(replay.controls.element);
  return replay.close;
}
