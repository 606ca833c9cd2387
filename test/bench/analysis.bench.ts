/**
 * Gomoku analysis (`npm run bench -- analysis`): a 60-stone recorded game walked by the
 * analysis on one core, as the browser's worker walks it: when the first 10 moves have marks
 * (quick pass), when the whole deep pass ends (the game's first verdict), when the rounds of
 * deepening have every position at the computer's depth, and the depth reached against the
 * baseline of the level-3 computer thinking with its own time budget (600 ms, real clock) on the
 * same positions.
 */
import { performance } from 'node:perf_hooks';
import { Clock } from '../../shared/games/gomoku/ai/clock';
import { LEVELS } from '../../shared/games/gomoku/ai/levels';
import { judgeMainMove } from '../../shared/games/gomoku/ai/main-game';
import { Position } from '../../shared/games/gomoku/ai/position';
import { TranspositionTable } from '../../shared/games/gomoku/ai/transposition';
import { ANALYSIS_DEPTH, ANALYSIS_LEVEL, DEEP_TABLE_BITS, DEFAULT_BUDGET, analyseGame, assessMoves, inputFromReplay, nodeClock, shortOfDepth, stonesOf, type AnalysisInput, type Verdict } from '../../shared/games/gomoku/analysis';
import { RECORDED_GAME_STEPS } from '../support/gomoku-recorded-game';
import { report } from './timing';

const STONES = 60;
/** Positions the level-3 computer is timed on for the baseline depth (600 ms each). */
const BASELINE_POSITIONS = [10, 20, 30, 40, 50];

/** The bench's game: the first 60 stones of the recorded game and the choices among them. */
function benchInput(): AnalysisInput {
  const whole = inputFromReplay('standard', RECORDED_GAME_STEPS);
  let placed = 0;
  return { ...whole, steps: whole.steps.filter((s) => s.type !== 'place' || ++placed <= STONES) };
}

export function benchAnalysis(): void {
  console.log('\n# Gomoku analysis (one core)');
  const input = benchInput();
  const start = performance.now();
  let firstTenMarks = 0;
  let quickEnd = 0;
  let deepEnd = 0;
  const deep: Verdict[] = [];
  const quick: Verdict[] = [];
  let firstVerdicts: Verdict[] = [];
  for (const event of analyseGame(input)) {
    if (event.kind === 'pass_done') {
      if (event.pass === 'quick') quickEnd = performance.now() - start;
      if (event.pass === 'deep') {
        deepEnd = performance.now() - start;
        firstVerdicts = [...deep];
      }
      if (event.pass === 'deeper') {
        const short = deep.filter(shortOfDepth).length;
        report(`  deepening round ${event.round} (${DEFAULT_BUDGET.deepNodes * 2 ** event.round} nodes): positions still short of ${ANALYSIS_DEPTH} plies`, short, 'positions');
      }
      continue;
    }
    if (event.kind !== 'verdict') continue;
    (event.pass === 'quick' ? quick : deep)[event.stones] = event.verdict;
    if (event.pass === 'quick' && event.stones === 10 && !firstTenMarks) firstTenMarks = performance.now() - start;
  }
  const total = performance.now() - start;
  const meanDepthOf = (verdicts: Verdict[]) => {
    const depths = verdicts.map((v) => v.depth).filter((d) => d > 0);
    return depths.reduce((a, b) => a + b, 0) / Math.max(1, depths.length);
  };
  const meanDepth = meanDepthOf(firstVerdicts);
  const short = deep.filter(shortOfDepth).length;
  report(`first 10 moves marked (quick pass)`, firstTenMarks, 'ms');
  report(`quick pass, ${STONES + 1} positions`, quickEnd, 'ms');
  report(`first verdict of the whole game, ${STONES} stones (quick + deep)`, deepEnd, 'ms', { name: 'quick pass', value: quickEnd });
  report(`every position at the computer's depth (${ANALYSIS_DEPTH} plies)${short ? `: not reached, ${short} short when the rounds ran out` : ''}`, total, 'ms', { name: 'first verdict', value: deepEnd });
  report('mean depth after deepening, every searched position', meanDepthOf(deep), 'plies', { name: 'first verdict', value: meanDepth });
  report('marks in the deep pass', assessMoves(input, firstVerdicts).filter((a) => a.mark).length, 'moves');
  report('marks after deepening', assessMoves(input, deep).filter((a) => a.mark).length, 'moves');

  const stones = stonesOf(input);
  const computerDepths: number[] = [];
  const analysisDepths: number[] = [];
  for (const n of BASELINE_POSITIONS) {
    const pos = new Position(input.rule);
    for (const s of stones.slice(0, n)) pos.play(s.cell, s.colour);
    const judgement = judgeMainMove(pos, LEVELS[3], new Clock(() => performance.now(), performance.now() + LEVELS[3].budgetMs));
    if (judgement.outcome) {
      computerDepths.push(judgement.outcome.depth);
      analysisDepths.push(firstVerdicts[n].depth);
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  report(`level-3 computer's depth, ${computerDepths.length} positions (600 ms)`, mean(computerDepths), 'plies');
  report('first verdict\'s depth, same positions', mean(analysisDepths), 'plies', { name: 'computer', value: mean(computerDepths) });
  report('first verdict\'s depth, every searched position', meanDepth, 'plies');
}

/**
 * What a whole game at the computer's depth in 10 s would ask of the analysis, in work (`npm run bench -- analysis-cost`): every
 * position of the bench's game searched to a fixed depth with no node budget, once with one
 * table along the game (as the analysis searches) and once with a new table of the computer's
 * size a position (as the computer decides). The analysis has 10 s for the game's 61 positions
 * where the computer thinks 600 ms about one; the table kept along the game is the only
 * saving the computer does not share (one engine: a faster search deepens both).
 */
export function benchAnalysisCost(): void {
  console.log('\n# Gomoku analysis: the work to reach a depth everywhere (one core)');
  const input = benchInput();
  const stones = stonesOf(input);
  const searchAll = (depth: number, alongTheGame: boolean) => {
    const level = { ...ANALYSIS_LEVEL, search: { ...ANALYSIS_LEVEL.search, maxDepth: depth, iterationGrowth: undefined } };
    const kept = new TranspositionTable(DEEP_TABLE_BITS);
    const pos = new Position(input.rule);
    let nodes = 0;
    const start = performance.now();
    for (let n = 0; n <= stones.length; n++) {
      if (n > 0) pos.play(stones[n - 1].cell, stones[n - 1].colour);
      const judgement = judgeMainMove(pos, level, nodeClock(Number.MAX_SAFE_INTEGER), alongTheGame ? kept : new TranspositionTable());
      nodes += judgement.outcome?.nodes ?? 0;
    }
    return { ms: performance.now() - start, nodes };
  };
  const shallower = searchAll(ANALYSIS_DEPTH - 1, true);
  const along = searchAll(ANALYSIS_DEPTH, true);
  const fresh = searchAll(ANALYSIS_DEPTH, false);
  const positions = stones.length + 1;
  report(`${ANALYSIS_DEPTH - 1} plies everywhere, one table along the game`, shallower.ms, 'ms');
  report(`${ANALYSIS_DEPTH} plies everywhere, one table along the game`, along.ms, 'ms', { name: `${ANALYSIS_DEPTH - 1} plies`, value: shallower.ms });
  report(`  search nodes`, along.nodes, 'nodes', { name: `${ANALYSIS_DEPTH - 1} plies`, value: shallower.nodes });
  report(`${ANALYSIS_DEPTH} plies everywhere, a new table a position`, fresh.ms, 'ms', { name: 'one table', value: along.ms });
  report(`  search nodes`, fresh.nodes, 'nodes', { name: 'one table', value: along.nodes });
  const needed = (positions * LEVELS[3].budgetMs) / 10_000;
  report(`saving needed: ${positions} x ${LEVELS[3].budgetMs} ms in 10 s`, needed, 'x');
  report('saving the table along the game gives', fresh.nodes / along.nodes, 'x', { name: 'needed', value: needed });
}
