/**
 * A finished game walked by the engine: a verdict on the position after every stone (the
 * graph), each main-game move marked by the winning chance it gave away, and each Swap 2
 * colour choice set against the one the engine would make. A generator, so the caller (a
 * Web Worker) can pass each result on as soon as it exists.
 *
 * Two passes: a quick one over every position with a small node budget (first results at
 * once), then the deep one at level 3's settings that replaces them. Same input, same output.
 */
import { BLACK, type Stone, type WinRule } from '../board';
import type { Swap2Choice } from '../swap2';
import { firstChoice, finalChoice, scoreForSideToMove } from '../ai/opening';
import { Position } from '../ai/position';
import { C_FIVE } from '../ai/threats';
import { ANALYSIS_LEVEL, finishedVerdict, judgePosition, type Verdict } from './verdict';
import { nodeClock } from './node-clock';

export type AnalysisStep =
  | { type: 'place'; cell: number; colour: Stone; phase: string }
  | { type: 'choice'; choice: Swap2Choice; phase: string };

export interface AnalysisInput {
  rule: WinRule;
  steps: readonly AnalysisStep[];
}

/** Node budgets per position; the deep pass's is what "level 3 depth" costs (test/bench/analysis.bench.ts). */
export interface AnalysisBudget {
  quickNodes: number;
  deepNodes: number;
}

export const DEFAULT_BUDGET: AnalysisBudget = { quickNodes: 3_000, deepNodes: 60_000 };

export type AnalysisPass = 'quick' | 'deep';

export type AnalysisEvent =
  | { kind: 'verdict'; pass: AnalysisPass; stones: number; verdict: Verdict }
  | { kind: 'choice'; verdict: ChoiceVerdict };

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

/** The stones of the game in order, cut after a five (nothing after it is a position to judge). */
export function stonesOf(input: AnalysisInput): { cell: number; colour: Stone; phase: string; step: number }[] {
  const stones: { cell: number; colour: Stone; phase: string; step: number }[] = [];
  input.steps.forEach((s, step) => s.type === 'place' && stones.push({ cell: s.cell, colour: s.colour, phase: s.phase, step }));
  return stones;
}

/** Every position's verdict (index = stones on the board), quick pass then deep pass, and the choices. */
export function* analyseGame(input: AnalysisInput, budget: AnalysisBudget = DEFAULT_BUDGET): Generator<AnalysisEvent> {
  for (const pass of ['quick', 'deep'] as const) {
    const pos = new Position(input.rule);
    const nodes = pass === 'quick' ? budget.quickNodes : budget.deepNodes;
    const stones = stonesOf(input);
    yield { kind: 'verdict', pass, stones: 0, verdict: judgePosition(pos, nodes) };
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
      yield { kind: 'verdict', pass, stones: i + 1, verdict: judgePosition(pos, nodes) };
    }
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

export type MoveMark = 'blunder' | 'mistake' | 'inaccuracy';

/** Winning chance given away (0..1) from which a move earns each mark. */
export const MARK_THRESHOLDS: readonly (readonly [MoveMark, number])[] = [
  ['blunder', 0.3],
  ['mistake', 0.15],
  ['inaccuracy', 0.07],
];

export interface MoveAssessment {
  /** The stone's index in the game (0: the first stone). */
  stone: number;
  cell: number;
  colour: Stone;
  /** The mover's winning chance before and after the move. */
  before: number;
  after: number;
  /** What the move gave away (before - after, never below 0; 0 when it was the engine's own move). */
  loss: number;
  mark: MoveMark | null;
  /** The engine's move in its place. */
  best: number;
}

export function markOf(loss: number): MoveMark | null {
  return MARK_THRESHOLDS.find(([, threshold]) => loss >= threshold)?.[0] ?? null;
}

/**
 * Black's winning chance at each position (index = stones on the board), backed up along the
 * moves played: the side to move could always have played the move it did, so a position is
 * worth at least what that move led to. Without this a win the search saw only one move late
 * (the quiet move before it) would leave the move that allowed it unmarked. Missing verdicts
 * (a pass still running) stay undefined.
 */
export function backedChances(input: AnalysisInput, verdicts: readonly (Verdict | undefined)[]): (number | undefined)[] {
  const stones = stonesOf(input);
  const backed: (number | undefined)[] = verdicts.map((v) => v?.blackChance);
  for (let k = Math.min(stones.length, backed.length - 1) - 1; k >= 0; k--) {
    const here = backed[k];
    const next = backed[k + 1];
    if (here === undefined || next === undefined) continue;
    backed[k] = stones[k].colour === BLACK ? Math.max(here, next) : Math.min(here, next);
  }
  return backed;
}

/**
 * The main-game moves whose positions before and after have a verdict in `verdicts` (index =
 * stones on the board). Opening stones are not marked: the opener aims at balance, not at an edge.
 */
export function assessMoves(input: AnalysisInput, verdicts: readonly (Verdict | undefined)[]): MoveAssessment[] {
  const assessed: MoveAssessment[] = [];
  const chances = backedChances(input, verdicts);
  stonesOf(input).forEach(({ cell, colour, phase }, i) => {
    const before = chances[i];
    const after = chances[i + 1];
    if (phase !== 'main_game' || before === undefined || after === undefined) return;
    const forMover = (blackChance: number) => (colour === BLACK ? blackChance : 1 - blackChance);
    const best = verdicts[i]!.best;
    const loss = cell === best ? 0 : Math.max(0, forMover(before) - forMover(after));
    assessed.push({ stone: i, cell, colour, before: forMover(before), after: forMover(after), loss, mark: markOf(loss), best });
  });
  return assessed;
}

/** Marks per colour: { blunder, mistake, inaccuracy }. */
export function markCounts(assessed: readonly MoveAssessment[], colour: Stone): Record<MoveMark, number> {
  const counts: Record<MoveMark, number> = { blunder: 0, mistake: 0, inaccuracy: 0 };
  for (const a of assessed) if (a.colour === colour && a.mark) counts[a.mark]++;
  return counts;
}

