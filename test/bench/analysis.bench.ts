/**
 * Gomoku analysis (`npm run bench -- analysis`): a 60-stone recorded game walked by the
 * analysis on one core, as the browser's worker walks it: when the first 10 moves have marks
 * (quick pass), when the whole deep pass ends, and the depth reached against the baseline of
 * the level-3 computer thinking with its own time budget (600 ms, real clock) on the same positions.
 */
import { performance } from 'node:perf_hooks';
import { Clock } from '../../shared/games/gomoku/ai/clock';
import { LEVELS } from '../../shared/games/gomoku/ai/levels';
import { judgeMainMove } from '../../shared/games/gomoku/ai/main-game';
import { Position } from '../../shared/games/gomoku/ai/position';
import { analyseGame, assessMoves, inputFromReplay, stonesOf, type Verdict } from '../../shared/games/gomoku/analysis';
import { RECORDED_GAME_STEPS } from '../support/gomoku-recorded-game';
import { report } from './timing';

const STONES = 60;
/** Positions the level-3 computer is timed on for the baseline depth (600 ms each). */
const BASELINE_POSITIONS = [10, 20, 30, 40, 50];

export function benchAnalysis(): void {
  console.log('\n# Gomoku analysis (one core)');
  const whole = inputFromReplay('standard', RECORDED_GAME_STEPS);
  // The first 60 stones and the choices among them.
  let placed = 0;
  const input = { ...whole, steps: whole.steps.filter((s) => s.type !== 'place' || ++placed <= STONES) };
  const start = performance.now();
  let firstTenMarks = 0;
  let quickEnd = 0;
  const deep: Verdict[] = [];
  const quick: Verdict[] = [];
  for (const event of analyseGame(input)) {
    if (event.kind !== 'verdict') continue;
    (event.pass === 'quick' ? quick : deep)[event.stones] = event.verdict;
    if (event.pass === 'quick' && event.stones === 10 && !firstTenMarks) firstTenMarks = performance.now() - start;
    if (event.pass === 'deep' && !quickEnd) quickEnd = performance.now() - start;
  }
  const total = performance.now() - start;
  const depths = deep.map((v) => v.depth).filter((d) => d > 0);
  const meanDepth = depths.reduce((a, b) => a + b, 0) / depths.length;
  report(`first 10 moves marked (quick pass)`, firstTenMarks, 'ms');
  report(`quick pass, ${STONES + 1} positions`, quickEnd, 'ms');
  report(`whole analysis, ${STONES} stones (quick + deep)`, total, 'ms', { name: 'quick pass', value: quickEnd });
  report('marks in the deep pass', assessMoves(input, deep).filter((a) => a.mark).length, 'moves');

  const stones = stonesOf(input);
  const computerDepths: number[] = [];
  const analysisDepths: number[] = [];
  for (const n of BASELINE_POSITIONS) {
    const pos = new Position(input.rule);
    for (const s of stones.slice(0, n)) pos.play(s.cell, s.colour);
    const judgement = judgeMainMove(pos, LEVELS[3], new Clock(() => performance.now(), performance.now() + LEVELS[3].budgetMs));
    if (judgement.outcome) {
      computerDepths.push(judgement.outcome.depth);
      analysisDepths.push(deep[n].depth);
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  report(`level-3 computer's depth, ${computerDepths.length} positions (600 ms)`, mean(computerDepths), 'plies');
  report('analysis depth, same positions', mean(analysisDepths), 'plies', { name: 'computer', value: mean(computerDepths) });
  report('analysis depth, every searched position', meanDepth, 'plies');
}
