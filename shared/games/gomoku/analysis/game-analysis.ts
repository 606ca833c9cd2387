/**
 * A finished game walked by the engine: a verdict on the position after every stone (the
 * graph), each main-game move marked by the winning chance it gave away, and each Swap 2
 * colour choice set against the one the engine would make. A generator, so the caller (a
 * Web Worker) can pass each result on as soon as it exists.
 *
 * Two passes: a quick one over every position with a small node budget (first results at
 * once), then the deep one at level 3's settings that replaces them. Then, while the page stays
 * open, rounds of deepening: each position still short of ANALYSIS_DEPTH (the level-3
 * computer's depth) is searched again with twice the nodes of the round before, until every one
 * has it or the rounds run out. Same input, same output.
 */
import type { Swap2Choice } from '../swap2';
import { firstChoice, finalChoice, scoreForSideToMove } from '../ai/opening';
import { Position } from '../ai/position';
import { C_FIVE } from '../ai/threats';
import { TranspositionTable } from '../ai/transposition';
import { ANALYSIS_DEPTH, ANALYSIS_LEVEL, finishedVerdict, judgePosition, type Verdict } from './verdict';
import { nodeClock } from './node-clock';
import { stonesOf, type AnalysisInput } from './marks';

export * from './marks';

/**
 * Node budgets per position. The deep pass stops at ANALYSIS_DEPTH (verdict.ts) when it gets there
 * first; 250,000 nodes take the bench's game to the level-3 computer's depth (test/bench/analysis.bench.ts).
 */
export interface AnalysisBudget {
  quickNodes: number;
  deepNodes: number;
  /**
   * Rounds of deepening after the deep pass (none when absent): round r searches each position
   * still short of ANALYSIS_DEPTH with deepNodes × 2^r nodes.
   */
  deepenRounds?: number;
}

/**
 * The deep pass's table holds 2^this entries (16 bytes each, 16 MB): its searches go deeper than a
 * computer's decision and the table is kept along the whole game (~7% fewer nodes than 2^17 for
 * the same depths in the bench's game). The quick pass keeps the computer's size.
 */
export const DEEP_TABLE_BITS = 20;

/** Six rounds of deepening: up to 12,800,000 nodes for a position that needs them (test/bench/analysis.bench.ts). */
export const DEFAULT_BUDGET: AnalysisBudget = { quickNodes: 3_000, deepNodes: 200_000, deepenRounds: 6 };

/** `deeper`: a position searched again in a round of deepening, its verdict replacing the deep pass's. */
export type AnalysisPass = 'quick' | 'deep' | 'deeper';

export type AnalysisEvent =
  | { kind: 'verdict'; pass: AnalysisPass; stones: number; verdict: Verdict }
  | { kind: 'choice'; verdict: ChoiceVerdict }
  /** A pass has walked the whole game (`round`: the round of deepening, 0 for the quick and deep passes). */
  | { kind: 'pass_done'; pass: AnalysisPass; round: number };

/** A Swap 2 colour choice against the engine's. */
export interface ChoiceVerdict {
  /** Steps index of the choice in the input. */
  step: number;
  /** Stones on the board when it was made (3 or 5). */
  stones: number;
  chosen: Swap2Choice;
  engine: Swap2Choice;
  /** The engine's score for White, who moves next, in its units. */
  forWhite: number;
}

/** Every position's verdict (index = stones on the board), quick pass then deep pass, and the choices. */
export function* analyseGame(input: AnalysisInput, budget: AnalysisBudget = DEFAULT_BUDGET): Generator<AnalysisEvent> {
  const deep: Verdict[] = [];
  for (const event of firstPasses(input, budget)) {
    if (event.kind === 'verdict' && event.pass === 'deep') deep[event.stones] = event.verdict;
    yield event;
  }
  yield* deepen(input, budget, deep);
}

/** Whether searching the position again could show more: not settled, and short of the computer's depth. */
export function shortOfDepth(verdict: Verdict): boolean {
  return !verdict.settled && verdict.depth < ANALYSIS_DEPTH;
}

/** The rounds of deepening over `verdicts` (the deep pass's, index = stones), each verdict that gained depth yielded. */
function* deepen(input: AnalysisInput, budget: AnalysisBudget, verdicts: Verdict[]): Generator<AnalysisEvent> {
  const stones = stonesOf(input);
  for (let round = 1; round <= (budget.deepenRounds ?? 0); round++) {
    if (!verdicts.some(shortOfDepth)) return;
    const nodes = budget.deepNodes * 2 ** round;
    const pos = new Position(input.rule);
    // A table along the game again: the positions searched this round share what they learn.
    const table = new TranspositionTable(DEEP_TABLE_BITS);
    for (let n = 0; n < verdicts.length; n++) {
      if (n > 0) pos.play(stones[n - 1].cell, stones[n - 1].colour);
      if (!shortOfDepth(verdicts[n])) continue;
      const verdict = judgePosition(pos, nodes, table);
      if (verdict.depth <= verdicts[n].depth && !verdict.settled) continue;
      verdicts[n] = verdict;
      yield { kind: 'verdict', pass: 'deeper', stones: n, verdict };
    }
    yield { kind: 'pass_done', pass: 'deeper', round };
  }
}

/** The quick pass, then the deep pass with the Swap 2 choices. */
function* firstPasses(input: AnalysisInput, budget: AnalysisBudget): Generator<AnalysisEvent> {
  for (const pass of ['quick', 'deep'] as const) {
    const pos = new Position(input.rule);
    const nodes = pass === 'quick' ? budget.quickNodes : budget.deepNodes;
    // One table along the game: each position's search starts from what the one before learnt
    // (the position played is usually in the previous search's tree, its best reply first).
    const table = pass === 'deep' ? new TranspositionTable(DEEP_TABLE_BITS) : new TranspositionTable();
    const stones = stonesOf(input);
    yield { kind: 'verdict', pass, stones: 0, verdict: judgePosition(pos, nodes, table) };
    for (let i = 0; i < stones.length; i++) {
      const { cell, colour } = stones[i];
      if (pos.cells[cell] !== 0) return; // a corrupt record: stop rather than judge a board that cannot be
      const five = pos.threatOf(colour, cell) === C_FIVE;
      pos.play(cell, colour);
      if (five) {
        yield { kind: 'verdict', pass, stones: i + 1, verdict: finishedVerdict(colour) };
        break;
      }
      if (pass === 'deep') yield* choicesAt(input, pos, i + 1, stones[i].step);
      yield { kind: 'verdict', pass, stones: i + 1, verdict: judgePosition(pos, nodes, table) };
    }
    yield { kind: 'pass_done', pass, round: 0 };
  }
}

/** The colour choices made right after the stone at `afterStep`, judged as the computer judges them. */
function* choicesAt(input: AnalysisInput, pos: Position, stones: number, afterStep: number): Generator<AnalysisEvent> {
  for (let step = afterStep + 1; step < input.steps.length; step++) {
    const s = input.steps[step];
    if (s.type !== 'choice') break;
    const engine = s.phase === 'swap2_final_choice'
      ? finalChoice(pos, ANALYSIS_LEVEL, nodeClock(Number.MAX_SAFE_INTEGER))
      : firstChoice(pos, ANALYSIS_LEVEL, nodeClock(Number.MAX_SAFE_INTEGER));
    const forWhite = scoreForSideToMove(pos, ANALYSIS_LEVEL, nodeClock(Number.MAX_SAFE_INTEGER));
    yield { kind: 'choice', verdict: { step, stones, chosen: s.choice, engine, forWhite } };
  }
}
