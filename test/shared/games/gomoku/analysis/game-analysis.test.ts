/**
 * A whole game walked by the analysis: the same marks on every run, a move that lets a five
 * through marked a blunder (and the block beside it unmarked), marks counted per colour, the
 * Swap 2 choice judged, the quick pass first and the deep pass over every position.
 */
import { BLACK, SIZE, WHITE } from '../../../../../shared/games/gomoku';
import {
  ANALYSIS_DEPTH, analyseGame, assessMoves, inputFromCells, inputFromReplay, markCounts, shortOfDepth,
  type AnalysisEvent, type AnalysisInput, type Verdict,
} from '../../../../../shared/games/gomoku/analysis';
import { RECORDED_GAME_STEPS } from '../../../../support/gomoku-recorded-game';

jest.setTimeout(120_000);

function deepVerdicts(events: readonly AnalysisEvent[]): Verdict[] {
  const verdicts: Verdict[] = [];
  for (const e of events) if (e.kind === 'verdict' && e.pass === 'deep') verdicts[e.stones] = e.verdict;
  return verdicts;
}

const cell = (x: number, y: number) => y * SIZE + x;

/** Black builds h8-k8 (g8 White) while White plays at the side; then White either blocks l8 or plays elsewhere and Black makes five. */
function fourOnRow8(whiteAnswer: number): AnalysisInput {
  const cells = [cell(7, 7), cell(6, 7), cell(8, 7), cell(7, 9), cell(9, 7), cell(9, 9), cell(10, 7), whiteAnswer];
  if (whiteAnswer !== cell(11, 7)) cells.push(cell(11, 7));
  return inputFromCells('standard', cells);
}

describe('the analysis of a game', () => {
  it('a move that lets a five through is a blunder; blocking it is not marked', () => {
    const budget = { quickNodes: 1_000, deepNodes: 20_000 };
    const lets = fourOnRow8(cell(2, 2));
    const letsMarks = assessMoves(lets, deepVerdicts([...analyseGame(lets, budget)]));
    expect(letsMarks.find((a) => a.stone === 7)).toMatchObject({ colour: WHITE, mark: 'blunder', best: cell(11, 7), after: 0 });
    expect(markCounts(letsMarks, WHITE).blunder).toBeGreaterThanOrEqual(1);

    const blocks = fourOnRow8(cell(11, 7));
    const blockMarks = assessMoves(blocks, deepVerdicts([...analyseGame(blocks, budget)]));
    expect(blockMarks.find((a) => a.stone === 7)).toMatchObject({ colour: WHITE, mark: null, loss: 0 });
  });

  it('the last position of a game won by five is a forced win of zero moves for the winner', () => {
    const game = fourOnRow8(cell(2, 2));
    const verdicts = deepVerdicts([...analyseGame(game, { quickNodes: 1_000, deepNodes: 5_000 })]);
    expect(verdicts).toHaveLength(10);
    expect(verdicts[9].forced).toEqual({ winner: BLACK, moves: 0 });
    expect(verdicts[9].blackChance).toBe(1);
  });

  it('a whole recorded game gets the same verdicts and marks on two runs, quick pass first, the Swap 2 choice judged', () => {
    const input = inputFromReplay('standard', RECORDED_GAME_STEPS);
    expect(input.steps).toHaveLength(RECORDED_GAME_STEPS.length);
    // A third of the page's budget: the same walk and the same determinism, in a third of the time
    // (the page's own budget is timed by `npm run bench -- analysis`).
    const budget = { quickNodes: 1_000, deepNodes: 20_000 };
    const first = [...analyseGame(input, budget)];
    const second = [...analyseGame(input, budget)];
    expect(second).toEqual(first);

    const stones = input.steps.filter((s) => s.type === 'place').length;
    const passes = first.filter((e) => e.kind === 'verdict').map((e) => (e as { pass: string }).pass);
    expect(passes).toEqual([...Array(stones + 1).fill('quick'), ...Array(stones + 1).fill('deep')]);
    const verdicts = deepVerdicts(first);
    expect(verdicts).toHaveLength(stones + 1);
    // The game ended in a five: the last position is won by the colour that made it.
    const last = input.steps.filter((s) => s.type === 'place').at(-1)!;
    expect(verdicts[stones].forced).toEqual({ winner: last.type === 'place' ? last.colour : 0, moves: 0 });

    const choices = first.filter((e) => e.kind === 'choice');
    expect(choices).toEqual([{ kind: 'choice', verdict: { step: 3, stones: 3, chosen: 'black', engine: expect.stringMatching(/^(black|white|place_more)$/), forWhite: expect.any(Number) } }]);

    const marks = assessMoves(input, verdicts);
    expect(marks).toHaveLength(stones - 3);
    expect(assessMoves(input, deepVerdicts(second))).toEqual(marks);
    // Each mark follows from the chance given away; a move the engine would have played itself gives none away.
    for (const a of marks) {
      expect(a.loss).toBeCloseTo(a.cell === a.best ? 0 : Math.max(0, a.before - a.after), 12);
      if (a.cell === a.best) expect(a.mark).toBeNull();
    }
    const marked = marks.filter((a) => a.mark).length;
    const counted = [BLACK, WHITE].map((c) => Object.values(markCounts(marks, c as 1 | 2)).reduce((x, y) => x + y, 0));
    expect(counted[0] + counted[1]).toBe(marked);
  });

  it('deepening searches again only the positions short of the computer\'s depth, each new verdict deeper, the same on two runs', () => {
    const game = fourOnRow8(cell(2, 2));
    const budget = { quickNodes: 500, deepNodes: 2_000, deepenRounds: 4 };
    const events = [...analyseGame(game, budget)];
    expect([...analyseGame(game, budget)]).toEqual(events);
    const deep = deepVerdicts(events);
    const deeper = events.filter((e): e is Extract<AnalysisEvent, { kind: 'verdict' }> => e.kind === 'verdict' && e.pass === 'deeper');
    // 2,000 nodes leave some positions short of the depth, and the rounds take at least one of them deeper.
    expect(deep.some(shortOfDepth)).toBe(true);
    expect(deeper.length).toBeGreaterThan(0);
    // The deep pass ends before the first round begins.
    const lastDeep = events.map((e) => e.kind === 'verdict' && e.pass === 'deep').lastIndexOf(true);
    expect(events.findIndex((e) => e.kind === 'verdict' && e.pass === 'deeper')).toBeGreaterThan(lastDeep);
    const current = [...deep];
    for (const e of deeper) {
      expect(shortOfDepth(current[e.stones])).toBe(true);
      expect(e.verdict.depth > current[e.stones].depth || e.verdict.settled).toBe(true);
      expect(e.verdict.depth).toBeLessThanOrEqual(ANALYSIS_DEPTH);
      current[e.stones] = e.verdict;
    }
    const total = (vs: Verdict[]) => vs.reduce((sum, v) => sum + v.depth, 0);
    expect(total(current)).toBeGreaterThan(total(deep));
    // More rounds take positions all the way to the computer's depth.
    const all = [...analyseGame(game, { ...budget, deepenRounds: 8 })];
    const final = deepVerdicts(all);
    for (const e of all) if (e.kind === 'verdict' && e.pass === 'deeper') final[e.stones] = e.verdict;
    expect(final.filter((v) => v.depth === ANALYSIS_DEPTH).length).toBeGreaterThan(0);
    expect(final.filter(shortOfDepth).length).toBeLessThan(deep.filter(shortOfDepth).length);
    // No rounds asked: no deeper verdicts.
    expect([...analyseGame(game, { ...budget, deepenRounds: 0 })].some((e) => e.kind === 'verdict' && e.pass === 'deeper')).toBe(false);
  });

  it('steps from the network that are not well formed end the input there', () => {
    const input = inputFromReplay('freestyle', [
      { type: 'place', x: 7, y: 7, colour: 1, phase: 'main_game' },
      { type: 'place', x: 99, y: 7, colour: 2, phase: 'main_game' },
      { type: 'place', x: 8, y: 8, colour: 2, phase: 'main_game' },
    ]);
    expect(input).toEqual({ rule: 'freestyle', steps: [{ type: 'place', cell: cell(7, 7), colour: BLACK, phase: 'main_game' }] });
    expect(inputFromReplay('bogus', []).rule).toBe('standard');
  });
});
