/**
 * The engine's verdict on one position: who stands better and by how much, its best move and
 * the line it expects, and a forced win when it finds one. It asks the computer's own
 * judgement (ai/main-game.ts `judgeMainMove`, at level 3's settings) with a node budget
 * instead of a time budget, so the verdict is the same on every machine and every run.
 */
import { BLACK, type Stone } from '../board';
import { judgeMainMove, type MainJudgement } from '../ai/main-game';
import { LEVELS, type LevelSettings } from '../ai/levels';
import { opponentOf, type Position } from '../ai/position';
import { WIN, WIN_THRESHOLD, evaluate } from '../ai/search';
import { C_FIVE, C_WIN4 } from '../ai/threats';
import { findVcf } from '../ai/vcf';
import type { TranspositionTable } from '../ai/transposition';
import { nodeClock } from './node-clock';

/**
 * Plies the analysis searches a position to, when its node budget allows: the level-3 computer's
 * depth in its 600 ms on a desktop (7–8 plies in the middle game, test/bench/analysis.bench.ts).
 * Stopping there rather than where the budget runs out spends nothing on an iteration that the
 * budget would cut short and throw away.
 */
export const ANALYSIS_DEPTH = 8;

/**
 * What the next iteration is expected to cost, in multiples of the last (search.ts
 * `iterationGrowth`). In the bench's game an iteration cost 2 to 10 times the one before; 7
 * started fewer that were then cut short than 3 or 4, for the same depths (test/bench/analysis.bench.ts).
 */
const ITERATION_GROWTH = 7;

/** Level 3's judgement, searched to ANALYSIS_DEPTH at most, starting no iteration its budget would cut short. */
export const ANALYSIS_LEVEL: LevelSettings = { ...LEVELS[3], search: { ...LEVELS[3].search, maxDepth: ANALYSIS_DEPTH, iterationGrowth: ITERATION_GROWTH } };

export interface ForcedWin {
  winner: Stone;
  /** The winner's moves up to and including the five (0: the five already stands). */
  moves: number;
}

export interface Verdict {
  /** The score for Black in the engine's units (positive: Black better); forced results beyond ±WIN_THRESHOLD. */
  forBlack: number;
  /** Black's winning chance, 0..1, from the score (1 or 0 for a forced result). */
  blackChance: number;
  /** The best move for the side to move, or -1 when there is none (the game is over). */
  best: number;
  /** The line the engine expects, best move first. */
  line: number[];
  forced: ForcedWin | null;
  /** Plies the search completed (0 when a sure answer needed none, or the budget ended the first iteration). */
  depth: number;
  /** No deeper search can change it: a forced result, or an answer found without searching (the centre, a forced chain's end). */
  settled: boolean;
}

/**
 * A score of this many units for one side gives it a 73% chance (logistic). Chosen so that an
 * first stone's edge (~300 units) gives 55%, a lasting initiative (~1,500) 73% reads as a clear, not a decisive, edge.
 */
export const CHANCE_SCALE = 1500;
/** Forced blocks and only-moves are followed this far before the position is scored statically. */
const MAX_FORCED_CHAIN = 12;
const VCF_LINE_NODES = 40_000;

export function chanceOf(forBlack: number): number {
  if (forBlack >= WIN_THRESHOLD) return 1;
  if (forBlack <= -WIN_THRESHOLD) return 0;
  return 1 / (1 + Math.exp(-forBlack / CHANCE_SCALE));
}

/** The verdict when the side that just moved has made five. */
export function finishedVerdict(winner: Stone): Verdict {
  const forBlack = winner === BLACK ? WIN : -WIN;
  return { forBlack, blackChance: chanceOf(forBlack), best: -1, line: [], forced: { winner, moves: 0 }, depth: 0, settled: true };
}

/**
 * The verdict on `pos` (the side to move is next) after at most `nodes` nodes of search.
 * `table`: the search's transposition table, when it goes on from earlier positions (a game's
 * analysis passes one along the game); the verdict then depends on those positions too, the
 * same ones in the same order every time.
 */
export function judgePosition(pos: Position, nodes: number, table?: TranspositionTable): Verdict {
  const forMover = judgeForMover(pos, nodes, 0, table);
  const mover = pos.toMove;
  const forBlack = mover === BLACK ? forMover.score : -forMover.score;
  return { forBlack, blackChance: chanceOf(forBlack), best: forMover.line[0] ?? -1, line: forMover.line, forced: forMover.forced, depth: forMover.depth, settled: forMover.settled };
}

interface MoverScore {
  score: number;
  line: number[];
  forced: ForcedWin | null;
  depth: number;
  settled: boolean;
}

function judgeForMover(pos: Position, nodes: number, chain: number, table: TranspositionTable | undefined): MoverScore {
  const mover = pos.toMove;
  const judgement = judgeMainMove(pos, ANALYSIS_LEVEL, nodeClock(nodes), table);
  const move = judgement.move;
  switch (judgement.reason) {
    case 'centre':
      return { score: 0, line: [move], forced: null, depth: 0, settled: true };
    case 'five':
      return won(mover, 1, [move]);
    case 'open_four':
      return won(mover, 2, [move]);
    case 'vcf': {
      const line = vcfLine(pos, mover);
      return won(mover, Math.ceil((line.length + 1) / 2) + (endsInOpenFour(pos, line) ? 1 : 0), line);
    }
    case 'block':
    case 'only_move':
      return followForcedMove(pos, judgement, nodes, chain, table);
    case 'search':
      return fromSearch(pos, judgement);
  }
}

function won(winner: Stone, moves: number, line: number[]): MoverScore {
  // A quicker win scores higher, as in the search (WIN - plies).
  return { score: WIN - (2 * moves - 1), line, forced: { winner, moves }, depth: 0, settled: true };
}

/** An answer with no choice in it tells nothing by itself: score the position it leads to. */
function followForcedMove(pos: Position, judgement: MainJudgement, nodes: number, chain: number, table: TranspositionTable | undefined): MoverScore {
  const mover = pos.toMove;
  if (judgement.lostToVcf) return lostToVcf(pos, judgement.move);
  if (chain >= MAX_FORCED_CHAIN) return { score: evaluate(pos, mover), line: [judgement.move], forced: null, depth: 0, settled: true };
  pos.play(judgement.move, mover);
  const reply = judgeForMover(pos, nodes, chain + 1, table);
  pos.undo();
  return { score: -reply.score, line: [judgement.move, ...reply.line], forced: reply.forced, depth: reply.depth, settled: reply.settled };
}

function fromSearch(pos: Position, judgement: MainJudgement): MoverScore {
  const outcome = judgement.outcome!;
  const mover = pos.toMove;
  const score = outcome.best.score;
  if (judgement.lostToVcf && score < WIN_THRESHOLD) return { ...lostToVcf(pos, judgement.move), depth: outcome.depth };
  let forced: ForcedWin | null = null;
  if (Math.abs(score) >= WIN_THRESHOLD) {
    // The search scores a five made at ply p (the root's move is ply 1) as WIN - p + 1.
    const plies = WIN - Math.abs(score) + 1;
    forced = score > 0 ? { winner: mover, moves: Math.ceil(plies / 2) } : { winner: opponentOf(mover), moves: Math.floor(plies / 2) };
  }
  return { score, line: outcome.line, forced, depth: outcome.depth, settled: forced !== null };
}

/** The mover's best try when the opponent wins by fours whatever it does: the opponent's win, measured after that move. */
function lostToVcf(pos: Position, move: number): MoverScore {
  const mover = pos.toMove;
  pos.play(move, mover);
  const line = vcfLine(pos, opponentOf(mover));
  const moves = Math.ceil((line.length + 1) / 2) + (endsInOpenFour(pos, line) ? 1 : 0);
  pos.undo();
  return { score: -(WIN - 2 * moves), line: [move, ...line], forced: { winner: opponentOf(mover), moves }, depth: 0, settled: true };
}

/**
 * The attacker's win by fours played out: each four, the defender's forced block, up to the
 * five or the open four that ends it. The position is left as it was.
 */
export function vcfLine(pos: Position, attacker: Stone): number[] {
  const defender = opponentOf(attacker);
  const line: number[] = [];
  for (let fours = ANALYSIS_LEVEL.ownVcfFours; fours >= 0; fours--) {
    const { move } = findVcf(pos, attacker, { maxFours: fours, maxNodes: VCF_LINE_NODES, clock: nodeClock(Number.MAX_SAFE_INTEGER) });
    if (move < 0) break;
    const threat = pos.threatOf(attacker, move);
    line.push(move);
    pos.play(move, attacker);
    if (threat === C_FIVE || threat === C_WIN4) break;
    const block = findFivePoint(pos, attacker);
    if (block < 0) break;
    line.push(block);
    pos.play(block, defender);
  }
  for (let i = 0; i < line.length; i++) pos.undo();
  return line;
}

/** Whether the line's last move (the attacker's) made an open four rather than a five. */
function endsInOpenFour(pos: Position, line: readonly number[]): boolean {
  if (line.length === 0) return false;
  const attacker = line.length % 2 === 1 ? pos.toMove : opponentOf(pos.toMove);
  for (const cell of line.slice(0, -1)) pos.play(cell, pos.toMove);
  const last = line[line.length - 1];
  const openFour = pos.threatOf(attacker, last) !== C_FIVE;
  for (let i = 0; i < line.length - 1; i++) pos.undo();
  return openFour;
}

function findFivePoint(pos: Position, colour: Stone): number {
  for (let c = 0; c < pos.cells.length; c++) if (pos.cells[c] === 0 && pos.threatOf(colour, c) === C_FIVE) return c;
  return -1;
}
