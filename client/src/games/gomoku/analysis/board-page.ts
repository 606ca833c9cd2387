/**
 * `#/analysis`: an analysis board. Stones go down for either side in turn (Black first) by
 * click, tap-tap or the keyboard; Undo takes the last back; the engine's verdict, best line
 * (numbered ghost stones) and the threats follow each change, judged in a worker. The stones
 * are kept in the address (replaced, not pushed, so Back leaves the board), ready to share.
 */
import { h, toast } from '../../../dom';
import { BLACK, CELLS, SIZE, WHITE, type WinRule } from '../../../../../shared/games/gomoku/board';
import { inputFromCells } from '../../../../../shared/games/gomoku/analysis/replay-input';
import { BoardRenderer, type BoardPicture } from '../board-renderer';
import { mountScene } from '../../../replay/layout';
import { PositionJudge, type PositionAnswer } from './engine-worker';
import { analysisBoardLink, parseAnalysisBoardLink } from './board-link';
import { lineWords, verdictWords } from './words';
import './analysis.css';

export async function showAnalysisBoard(view: HTMLElement): Promise<() => void> {
  const start = parseAnalysisBoardLink(location.hash);
  let rule: WinRule = start.rule;
  const cells = start.cells;
  let answer: PositionAnswer | null = null;
  const stage = h('div', { id: 'analysis-stage', class: 'board-wrap', tabindex: 0, 'aria-label': 'Analysis board: arrows move, Enter places a stone' });
  const verdict = h('p', { id: 'analysis-verdict', class: 'replay-words', 'aria-live': 'polite' });
  const line = h('p', { id: 'analysis-line', class: 'muted' });
  const undo = h('button', { id: 'analysis-undo', type: 'button' }, 'Undo');
  const clear = h('button', { id: 'analysis-clear', type: 'button' }, 'Clear');
  const ruleSelect = h('select', { id: 'analysis-rule', 'aria-label': 'Rule' },
    h('option', { value: 'standard' }, 'Standard (exactly five)'), h('option', { value: 'freestyle' }, 'Freestyle (five or more)'));
  ruleSelect.value = rule;
  const copy = h('button', { id: 'analysis-copy', type: 'button', class: 'primary' }, 'Copy link');
  view.append(h('section', { class: 'table replay analysis-board', id: 'analysis-board' }, stage,
    h('aside', { class: 'side replay-side' },
      h('h2', { class: 'replay-title' }, 'Gomoku · analysis board'),
      h('p', { class: 'muted' }, 'Place stones for either side in turn; the engine judges each position.'),
      verdict, line,
      h('div', { class: 'analysis-tools' }, undo, clear),
      ruleSelect,
      h('div', { class: 'analysis-tools' }, copy, h('a', { class: 'button', href: '#/' }, 'Lobby')))));

  const judge = new PositionJudge((a) => {
    answer = a;
    render();
  });
  const renderer = new BoardRenderer();
  const board = () => {
    const b = new Array<number>(CELLS).fill(0);
    cells.forEach((c, i) => (b[c] = i % 2 === 0 ? BLACK : WHITE));
    return b;
  };
  const toMove = () => (cells.length % 2 === 0 ? BLACK : WHITE);
  const current = () => answer && answer.verdict && answer.over === false ? answer : null;
  renderer.ghostColour = (cell) => (answer?.over || board()[cell] ? null : toMove());
  renderer.keyboardPlays = () => !answer?.over;
  renderer.onCellClick = (x, y) => {
    const cell = y * SIZE + x;
    if (board()[cell] || answer?.over) return;
    cells.push(cell);
    changed();
  };
  const scene = mountScene<BoardPicture>(renderer, stage, () => {
    const a = current();
    const ghosts = (a?.verdict.line ?? []).map((cell, i) => ({ cell, colour: i % 2 === 0 ? toMove() : toMove() === BLACK ? WHITE : BLACK }));
    const threats = a ? a.threats.flatMap((p, i) => [
      ...p.five.map((cell) => ({ cell, colour: i === 0 ? BLACK : WHITE, kind: 'five' as const })),
      ...p.openFour.map((cell) => ({ cell, colour: i === 0 ? BLACK : WHITE, kind: 'open_four' as const })),
    ]) : [];
    // Published for tests and tools: the stones on the board.
    stage.dataset.stones = String(cells.length);
    return { board: board(), moves: cells, winLine: [], ghosts, threats };
  });

  function changed() {
    answer = null;
    history.replaceState(null, '', analysisBoardLink(rule, cells));
    judge.judge(inputFromCells(rule, cells));
    render();
  }

  function render() {
    undo.disabled = cells.length === 0;
    clear.disabled = cells.length === 0;
    verdict.textContent = answer ? verdictWords(answer.verdict) : 'Thinking…';
    line.textContent = answer && !answer.over && answer.verdict.line.length > 0 ? `Best line: ${lineWords(answer.verdict.line, toMove())}` : '';
    verdict.dataset.state = answer ? 'judged' : 'thinking';
    scene.redraw();
  }

  undo.addEventListener('click', () => {
    cells.pop();
    changed();
  });
  clear.addEventListener('click', () => {
    cells.length = 0;
    changed();
  });
  ruleSelect.addEventListener('change', () => {
    rule = ruleSelect.value === 'freestyle' ? 'freestyle' : 'standard';
    changed();
  });
  copy.addEventListener('click', () => {
    const link = `${location.origin}/${analysisBoardLink(rule, cells)}`;
    navigator.clipboard.writeText(link).then(() => toast('Link copied', 'info', 2000), () => toast(`Copy the address: ${link}`, 'info'));
  });
  changed();
  return () => {
    judge.destroy();
    scene.unmount();
  };
}
