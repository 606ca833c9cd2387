/**
 * The analysis's input and its marks: which moves gave away how much winning chance. No
 * engine in here (only verdicts come in), so the page can draw marks without loading the
 * search; the engine itself runs in the worker.
 */
import { BLACK, type Stone, type WinRule } from '../board';
import type { Swap2Choice } from '../swap2';
import type { Verdict } from './verdict';

export type AnalysisStep =
  | { type: 'place'; cell: number; colour: Stone; phase: string }
  | { type: 'choice'; choice: Swap2Choice; phase: string };

export interface AnalysisInput {
  rule: WinRule;
  steps: readonly AnalysisStep[];
}

/** The stones of the game in order, cut after a five (nothing after it is a position to judge). */
export function stonesOf(input: AnalysisInput): { cell: number; colour: Stone; phase: string; step: number }[] {
  const stones: { cell: number; colour: Stone; phase: string; step: number }[] = [];
  input.steps.forEach((s, step) => s.type === 'place' && stones.push({ cell: s.cell, colour: s.colour, phase: s.phase, step }));
  return stones;
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

