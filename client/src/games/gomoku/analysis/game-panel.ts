/**
 * A finished game's analysis beside its replay: the progress, the evaluation graph, the
 * marks per player and as a list of moves to jump to, the selected position's verdict, best
 * line and threats (drawn on the board by the scene through `overlayAt`), and the Swap 2
 * choices set against the engine's. The engine runs in a worker; results arrive as they are
 * found and the panel redraws at most once a frame. Once every position has its deep verdict,
 * the worker goes on deepening the positions short of the computer's depth, and the graph, the
 * marks and the counts follow each verdict that changes; the panel says how deep each is.
 */
import { h } from '../../../dom';
import { BLACK, WHITE } from '../../../../../shared/games/gomoku/board';
import { cellName } from '../../../../../shared/games/gomoku/notation';
import { assessMoves, backedChances, markCounts, stonesOf, type AnalysisInput, type MoveAssessment } from '../../../../../shared/games/gomoku/analysis/marks';
import { ANALYSIS_DEPTH, shortOfDepth, type ChoiceVerdict, type Verdict } from '../../../../../shared/games/gomoku/analysis';
import type { BoardPicture } from '../board-renderer';
import { analyseInWorker } from './engine-worker';
import { EvaluationGraph } from './graph';
import type { BothThreats } from './protocol';
import { MARK_SYMBOL, MARK_WORD, choiceSentence, lineWords, verdictWords } from './words';
import './analysis.css';

export interface GamePanelOptions {
  input: AnalysisInput;
  /** The player of each colour, for the counts ("Ada (Black)"). */
  nameOf(colour: number): string;
  /** The page shows the position after `stones` stones. */
  select(stones: number): void;
  /** The analysis board from the position after `stones` stones. */
  continueLink(stones: number): string;
}

export class GameAnalysisPanel {
  readonly element: HTMLElement;
  private readonly stones: ReturnType<typeof stonesOf>;
  private readonly positions: number;
  private readonly quick: Verdict[] = [];
  private readonly deep: Verdict[] = [];
  private readonly choices: ChoiceVerdict[] = [];
  private threats: BothThreats[] = [];
  /** Every position has its deep verdict: the whole game's first verdict. */
  private done = false;
  /** The worker has nothing more to search: every position is at the computer's depth, or the rounds ran out. */
  private finished = false;
  private selected = 0;
  private frame = 0;
  private readonly stop: () => void;
  private readonly progress = h('progress', { id: 'analysis-progress', max: 1, value: 0, 'aria-label': 'Analysis progress' });
  private readonly status = h('span', { id: 'analysis-status', class: 'muted', 'aria-live': 'polite' });
  private readonly depthLine = h('p', { id: 'analysis-depth', class: 'muted' });
  private readonly graph: EvaluationGraph;
  private readonly counts = h('table', { id: 'analysis-counts', class: 'analysis-counts' });
  private readonly here = h('div', { id: 'analysis-selected', class: 'analysis-selected', 'aria-live': 'polite' });
  private readonly choiceWords = h('p', { id: 'analysis-choices', class: 'analysis-choices' });
  private readonly markList = h('ol', { id: 'analysis-marks', class: 'analysis-marks', 'aria-label': 'Marked moves' });

  constructor(private readonly options: GamePanelOptions) {
    this.stones = stonesOf(options.input);
    this.positions = this.stones.length + 1;
    this.graph = new EvaluationGraph((position) => options.select(position));
    this.element = h('section', { id: 'analysis', class: 'analysis', 'aria-label': 'Engine analysis' },
      h('h3', {}, 'Engine analysis'),
      h('div', { class: 'analysis-progress' }, this.progress, this.status),
      this.depthLine,
      this.graph.element,
      this.here,
      this.counts,
      this.choiceWords,
      this.markList);
    this.stop = analyseInWorker(options.input, {
      threats: (list) => {
        this.threats = list;
        this.schedule();
      },
      event: (event) => {
        // A deeper verdict replaces the deep pass's for its position.
        if (event.kind === 'verdict') (event.pass === 'quick' ? this.quick : this.deep)[event.stones] = event.verdict;
        else if (event.kind === 'choice') this.choices.push(event.verdict);
        else if (event.pass === 'deep') this.done = true;
        this.schedule();
      },
      done: () => {
        this.done = true;
        this.finished = true;
        this.schedule();
      },
    });
    this.render();
  }

  destroy(): void {
    this.stop();
    cancelAnimationFrame(this.frame);
  }

  /** The page moved to the position after `stones` stones. */
  show(stones: number): void {
    this.selected = Math.max(0, Math.min(this.positions - 1, stones));
    this.render();
  }

  /** What the board draws on the selected position: the best line as ghosts and the threats. */
  overlayAt(stones: number): Pick<BoardPicture, 'ghosts' | 'threats'> {
    const verdict = this.verdictAt(stones);
    const toMove = stones % 2 === 0 ? BLACK : WHITE;
    const ghosts = (verdict?.line ?? []).map((cell, i) => ({ cell, colour: i % 2 === 0 ? toMove : toMove === BLACK ? WHITE : BLACK }));
    const threats: { cell: number; colour: number; kind: 'five' | 'open_four' }[] = [];
    (this.threats[stones] ?? []).forEach((points, i) => {
      const colour = i === 0 ? BLACK : WHITE;
      for (const cell of points.five) threats.push({ cell, colour, kind: 'five' });
      for (const cell of points.openFour) threats.push({ cell, colour, kind: 'open_four' });
    });
    return { ghosts, threats };
  }

  private verdictAt(stones: number): Verdict | undefined {
    return this.deep[stones] ?? this.quick[stones];
  }

  private verdicts(): (Verdict | undefined)[] {
    return Array.from({ length: this.positions }, (_, i) => this.verdictAt(i));
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  private render(): void {
    const verdicts = this.verdicts();
    const marks = assessMoves(this.options.input, verdicts);
    const deepCount = this.deep.filter(Boolean).length;
    const quickCount = this.quick.filter(Boolean).length;
    this.progress.value = (quickCount + deepCount) / (2 * this.positions);
    this.status.textContent = this.done ? `Done: ${this.positions} positions judged` : deepCount > 0 ? `Deep pass: ${deepCount} of ${this.positions}` : `Quick look: ${quickCount} of ${this.positions}`;
    this.element.dataset.state = this.done ? 'done' : 'running';
    // Published for tests and tools: how many positions have a deep verdict, how many are as deep as the computer searches.
    this.element.dataset.deep = String(deepCount);
    const atDepth = this.deep.filter((v) => v && !shortOfDepth(v)).length;
    this.element.dataset.atDepth = String(atDepth);
    this.element.dataset.deepening = this.finished ? 'done' : this.done ? 'running' : 'waiting';
    this.renderDepth(atDepth);
    this.graph.draw({
      chances: backedChances(this.options.input, verdicts),
      forced: verdicts.map((v) => Boolean(v?.forced)),
      marks,
      selected: this.selected,
      positions: this.positions,
    });
    this.renderCounts(marks);
    this.renderSelected(marks);
    this.renderChoices();
    this.renderMarks(marks);
  }

  private renderDepth(atDepth: number): void {
    const depth = `the computer's depth (${ANALYSIS_DEPTH} plies)`;
    if (!this.done) this.depthLine.textContent = '';
    else if (atDepth === this.positions) this.depthLine.textContent = `Every position searched to ${depth}.`;
    else if (this.finished) this.depthLine.textContent = `${atDepth} of ${this.positions} positions searched to ${depth}; the others as deep as the search could go.`;
    else this.depthLine.textContent = `Searching deeper: ${atDepth} of ${this.positions} positions at ${depth}…`;
  }

  private renderCounts(marks: readonly MoveAssessment[]): void {
    const head = h('tr', {}, h('th', {}, 'Player'), h('th', { title: 'Blunders' }, '??'), h('th', { title: 'Mistakes' }, '?'), h('th', { title: 'Inaccuracies' }, '?!'));
    const rows = [BLACK, WHITE].map((colour) => {
      const c = markCounts(marks, colour as 1 | 2);
      return h('tr', { 'data-colour': colour }, h('th', { scope: 'row' }, `${this.options.nameOf(colour)} (${colour === BLACK ? 'Black' : 'White'})`),
        h('td', { class: 'blunder' }, String(c.blunder)), h('td', { class: 'mistake' }, String(c.mistake)), h('td', { class: 'inaccuracy' }, String(c.inaccuracy)));
    });
    this.counts.replaceChildren(h('thead', {}, head), h('tbody', {}, ...rows));
  }

  private renderSelected(marks: readonly MoveAssessment[]): void {
    const s = this.selected;
    const verdict = this.verdictAt(s);
    const move = s > 0 ? this.stones[s - 1] : null;
    const mark = marks.find((m) => m.stone === s - 1);
    const title = move ? `After ${s}. ${move.colour === BLACK ? 'Black' : 'White'} ${cellName(move.cell)}` : 'The empty board';
    const parts: (Node | string)[] = [h('strong', {}, title), ': ', verdict ? verdictWords(verdict) : 'thinking…'];
    if (verdict && verdict.depth > 0) parts.push(h('span', { class: 'muted analysis-depth-of' }, ` (${verdict.depth} plies)`));
    if (mark?.mark) parts.push(h('span', { class: `analysis-mark ${mark.mark}` }, ` ${MARK_SYMBOL[mark.mark]} ${MARK_WORD[mark.mark]}`), ` (best was ${cellName(mark.best)})`);
    const line = verdict && verdict.line.length > 0 ? h('p', { id: 'analysis-line', class: 'muted' }, `Best line: ${lineWords(verdict.line, s % 2 === 0 ? BLACK : WHITE)}`) : null;
    const go = h('a', { id: 'analysis-continue', class: 'button', href: this.options.continueLink(s) }, 'Continue from here');
    this.here.replaceChildren(h('p', {}, ...parts), line ?? '', go);
  }

  private renderChoices(): void {
    this.choiceWords.textContent = this.choices
      .map((c) => `${choiceSentence(c.stones, c.chosen, c.engine)} (White ${c.forWhite >= 0 ? '+' : ''}${Math.round(c.forWhite)}).`)
      .join(' ');
    this.choiceWords.hidden = this.choices.length === 0;
  }

  private renderMarks(marks: readonly MoveAssessment[]): void {
    const marked = marks.filter((m) => m.mark);
    this.markList.replaceChildren(...marked.map((m) => h('li', {},
      h('button', { type: 'button', class: `analysis-mark ${m.mark}`, 'data-position': m.stone + 1, onclick: () => this.options.select(m.stone + 1) },
        `${m.stone + 1}. ${m.colour === BLACK ? 'Black' : 'White'} ${cellName(m.cell)} ${MARK_SYMBOL[m.mark!]} ${MARK_WORD[m.mark!]}`))));
    if (marked.length === 0) this.markList.append(h('li', { class: 'muted' }, this.done ? 'No move marked.' : 'No move marked yet.'));
  }
}
