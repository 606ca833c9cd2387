/**
 * The Gomoku replay: the board (the table's own renderer) after step k of the game — each
 * Swap 2 stone and choice is a step, then each main-game stone — with the shared step controls
 * and the step in words ("4. White h8 — Ada", "Bo chose Black").
 */
import { BLACK, CELLS, SIZE } from '../../../../shared/games/gomoku/board';
import { pointName } from '../../../../shared/games/gomoku/notation';
import { BoardRenderer } from './board-renderer';
import { CHOICE_WORDS } from './move-list';
import { nameOfSeat, type FinishedGame } from '../../replay/finished-game';
import { replayFrame, resultText, steppedScene } from '../../replay/layout';
import { h } from '../../dom';
import { inputFromReplay } from '../../../../shared/games/gomoku/analysis/replay-input';
import type { GameAnalysisPanel } from './analysis/game-panel';
import { analysisBoardLink } from './analysis/board-link';
import type { ReplayOptions } from '../client-game';
import { clockText as bankText, controlWords } from '../../../../shared/core/fischer-clock';

/** What the server keeps of a Gomoku game (server/games/gomoku/replay-record.ts; seats 0-based). */
export interface GomokuReplayRecord {
  config: { rule: string; swap2: boolean; turnSeconds: number; computer: number; /** A Fischer control ("5+3"); absent: per move. */ clock?: string };
  steps: GomokuReplayStep[];
  /** With a Fischer clock: ms left on the mover's clock after each step (-1: none ran). */
  clockLeft?: number[];
  black: number | null;
  white: number | null;
  winLine: number[];
}
export type GomokuReplayStep =
  | { type: 'place'; seat: number; x: number; y: number; colour: number; order: number; phase: string }
  | { type: 'choice'; seat: number; choice: 'black' | 'white' | 'place_more'; phase: string };

const COLOUR = (colour: number) => (colour === BLACK ? 'Black' : 'White');
const PHASE_NOTE: Record<string, string> = { swap2_placement: ' (opening stone)', swap2_extra: ' (extra opening stone)' };
/**
 * Gomoku's own words for its end reasons (the others are layout.ts's). `time` is the per-move
 * clock or, in a game with a Fischer clock, its flag.
 */
const reasonWords = (record: GomokuReplayRecord) => (reason: string): string | undefined =>
  reason === 'five' ? 'five in a row' : reason === 'time' && record.config.clock ? 'on time (the flag fell)' : undefined;

/** The words for step k (1-based: the k-th step), and for the start. */
export function gomokuStepWords(game: FinishedGame, record: GomokuReplayRecord, k: number): string {
  if (k === 0) {
    const start = record.config.swap2 ? 'The empty board: the Swap 2 opening starts.' : 'The empty board: Black starts.';
    return record.config.clock ? `${start} Clock ${controlWords(record.config.clock)}.` : start;
  }
  const step = record.steps[k - 1];
  const who = nameOfSeat(game, step.seat);
  const said = step.type === 'place'
    ? `${step.order}. ${COLOUR(step.colour)} ${pointName(step.x, step.y)} — ${who}${PHASE_NOTE[step.phase] ?? ''}`
    : `${who} ${CHOICE_WORDS[step.choice] ?? step.choice}`;
  const left = record.clockLeft?.[k - 1];
  const text = left !== undefined && left >= 0 ? `${said} (${bankText(left)} left)` : said;
  return k === record.steps.length ? `${text} · ${resultText(game, reasonWords(record))}` : text;
}

/** A step's short name in the list of steps: the stone's number (as drawn on it) and point, or the choice. */
function gomokuStepLabel(record: GomokuReplayRecord, k: number): string {
  const step = record.steps[k - 1];
  return step.type === 'place' ? `${step.order}. ${pointName(step.x, step.y)}` : { black: '→ Black', white: '→ White', place_more: '→ two more' }[step.choice];
}

/** The position after k steps, as the board renderer draws it. */
function pictureAt(record: GomokuReplayRecord, k: number) {
  const board = new Array<number>(CELLS).fill(0);
  const moves: number[] = [];
  for (const step of record.steps.slice(0, k)) {
    if (step.type !== 'place') continue;
    const cell = step.y * SIZE + step.x;
    board[cell] = step.colour;
    moves.push(cell);
  }
  const winLine = k === record.steps.length ? record.winLine : [];
  return { board, moves, winLine, numberOpening: record.config.swap2 };
}

export function gomokuReplayScene(view: HTMLElement, game: FinishedGame, options: ReplayOptions = {}): () => void {
  const record = game.record as GomokuReplayRecord;
  const seatColour = (seat: number) => (seat === record.black ? 'Black' : seat === record.white ? 'White' : '');
  const { stage, side } = replayFrame(view, game, { title: 'Gomoku', note: seatColour, reason: reasonWords(record) });
  stage.id = 'replay-board';
  let analysis: GameAnalysisPanel | null = null;
  const stonesAt = (k: number) => record.steps.slice(0, k).filter((s) => s.type === 'place').length;
  const replay = steppedScene(new BoardRenderer(), stage, (k) => {
    const picture = pictureAt(record, k);
    // Published for tests and tools: the step on the board and how many stones it has.
    Object.assign(stage.dataset, { step: k, stones: picture.moves.length });
    return analysis ? { ...picture, ...analysis.overlayAt(picture.moves.length) } : picture;
  }, {
    count: record.steps.length,
    words: (k) => gomokuStepWords(game, record, k),
    label: (k) => gomokuStepLabel(record, k),
    onStep: (k) => analysis?.show(stonesAt(k)),
  });
  const { controls } = replay;
  // Analysis is offered here only: this page shows finished games alone (the server keeps no live one).
  const analyse = h('button', { id: 'replay-analyse', type: 'button', class: 'primary' }, 'Analyse with the engine');
  let left = false;
  analyse.addEventListener('click', async () => {
    analyse.disabled = true;
    // The panel (and the worker it starts) loads on demand: most replays are never analysed.
    const { GameAnalysisPanel } = await import('./analysis/game-panel');
    if (left) return;
    const input = inputFromReplay(record.config.rule, record.steps);
    const stones = input.steps.filter((s) => s.type === 'place');
    analysis = new GameAnalysisPanel({
      input,
      nameOf: (colour) => nameOfSeat(game, colour === BLACK ? record.black ?? -1 : record.white ?? -1),
      // The step just after the s-th stone (a Swap 2 choice that follows it stays a step of its own).
      select: (s) => controls.go(s === 0 ? 0 : record.steps.findIndex((_, i) => stonesAt(i + 1) === s) + 1),
      continueLink: (s) => analysisBoardLink(input.rule, stones.slice(0, s).map((p) => (p.type === 'place' ? p.cell : -1))),
    });
    analyse.replaceWith(analysis.element);
    analysis.show(stonesAt(replay.step()));
    replay.redraw();
  });
  side.append(controls.element, analyse);
  // Opened from an "Analyse" link (the end-of-game screen, the player and match pages): the analysis starts at once.
  if (options.analyse) analyse.click();
  return () => {
    left = true;
    analysis?.destroy();
    replay.close();
  };
}
