/**
 * Alpha-beta (negamax with principal-variation windows) over the best few candidates,
 * deepened one ply at a time until the time slice runs out, with a transposition table.
 *
 * Threats prune the tree before depth does: a five ends the search, a single opponent
 * five point is the only move (searched without using up depth), an open four wins, and
 * when the opponent threatens an open four only fours and blocking moves are tried.
 */
import type { Stone } from '../board';
import { defensiveMoves, findThreat, orderedMoves } from './candidates';
import { C_FIVE, C_WIN4 } from './threats';
import { opponentOf, type Position } from './position';
import { EXACT, LOWER, UPPER, TranspositionTable } from './transposition';
import type { Clock } from './clock';

export const WIN = 10_000_000;
/** Scores beyond this are forced wins or losses (a win in n plies scores WIN - n). */
export const WIN_THRESHOLD = WIN - 1000;
const INFINITY = WIN + 1;
/** Forced blocks do not use up depth; this bounds how far such chains may run. */
const MAX_PLY = 60;
/** How many plies past the nominal depth a line may run to answer open threes. */
const THREAT_EXTENSIONS = 2;
/** The side to move realises one of its threats first, so its potential counts more. */
const TEMPO = 1.25;

export interface SearchSettings {
  maxDepth: number;
  /** Candidates tried at inner nodes. */
  width: number;
  /** Search every root move with a full window, so that each gets an exact score (for the levels' noise). */
  exactRootScores: boolean;
  /**
   * When given, an iteration is started only if the last one's cost times this fits in what is
   * left of the slice, so that none is started that the deadline would cut short and throw away
   * (the analysis: its node clock measures that cost exactly). Without it, iterations go on while
   * the last took at most 30% of the slice.
   */
  iterationGrowth?: number;
}

export interface RootScore {
  move: number;
  score: number;
}

export interface SearchOutcome {
  best: RootScore;
  /** Root moves best first, with their scores from the deepest completed iteration. */
  ranked: RootScore[];
  depth: number;
  /** The best score after each completed iteration, depth 1 first. */
  bestByDepth: number[];
  nodes: number;
  /** The expected line from the best root move on, read from the transposition table (best move first). */
  line: number[];
}

/** A static score for the side to move: its potential against the opponent's. */
export function evaluate(pos: Position, colour: Stone): number {
  const own = pos.total[colour - 1];
  const theirs = pos.total[opponentOf(colour) - 1];
  return Math.round(own * TEMPO - theirs);
}

/**
 * `table`: a transposition table to search with instead of a new one. The computer never
 * passes one (each decision starts afresh); the analysis of a game passes one table along the
 * game, so that the search of a position starts from what the previous one learnt.
 */
export function iterativeDeepening(pos: Position, rootMoves: readonly number[], settings: SearchSettings, clock: Clock, table = new TranspositionTable()): SearchOutcome {
  const search = new AlphaBeta(pos, settings, clock, table);
  const colour = pos.toMove;
  let ranked: RootScore[] = rootMoves.map((move) => ({ move, score: 0 }));
  let completedDepth = 0;
  const bestByDepth: number[] = [];
  for (let depth = 1; depth <= settings.maxDepth; depth++) {
    const scored = search.searchRoot(colour, ranked, depth);
    if (scored === null) break;
    ranked = scored;
    completedDepth = depth;
    bestByDepth.push(ranked[0].score);
    if (Math.abs(ranked[0].score) >= WIN_THRESHOLD) break; // forced result: deeper search cannot change it
    // An iteration costs several times the previous one: do not start what cannot finish.
    if (clock.passed() || (depth >= 2 && !search.nextIterationFits(settings.iterationGrowth))) break;
  }
  const line = search.lineFrom(colour, ranked[0].move, completedDepth + THREAT_EXTENSIONS);
  return { best: ranked[0], ranked, depth: completedDepth, bestByDepth, nodes: search.nodes, line };
}

class AlphaBeta {
  nodes = 0;
  private iterationStart = 0;
  private iterationEnd = 0;
  private readonly startedAt: number;

  constructor(
    private readonly pos: Position,
    private readonly settings: SearchSettings,
    private readonly clock: Clock,
    private readonly table: TranspositionTable,
  ) {
    this.startedAt = clock.now();
  }

  /** Whether an iteration costing `growth` times the last is worth starting (see SearchSettings.iterationGrowth). */
  nextIterationFits(growth: number | undefined): boolean {
    const last = this.iterationEnd - this.iterationStart;
    if (growth !== undefined) return last * growth <= this.clock.deadline - this.clock.now();
    const total = this.clock.deadline - this.startedAt;
    return total > 0 && last / total <= 0.3;
  }

  /**
   * The principal line after `first`: each next move is the one the table keeps as best for
   * the position reached, while it is a legal empty cell; it stops at a five.
   */
  lineFrom(colour: Stone, first: number, maxLength: number): number[] {
    const pos = this.pos;
    const line: number[] = [];
    let move = first;
    let mover = colour;
    while (line.length < maxLength && move >= 0 && pos.cells[move] === 0) {
      line.push(move);
      const five = pos.threatOf(mover, move) === C_FIVE;
      pos.play(move, mover);
      if (five) break;
      mover = opponentOf(mover);
      move = this.table.probe(pos.hashLo, pos.hashHi)?.move ?? -1;
    }
    for (let i = 0; i < line.length; i++) pos.undo();
    return line;
  }

  /** Scores every root move at `depth`, best first; null when the time ran out first. */
  searchRoot(colour: Stone, previous: readonly RootScore[], depth: number): RootScore[] | null {
    this.iterationStart = this.clock.now();
    let alpha = -INFINITY;
    const scored: RootScore[] = [];
    for (let i = 0; i < previous.length; i++) {
      const move = previous[i].move;
      this.pos.play(move, colour);
      let score: number;
      if (i === 0 || this.settings.exactRootScores) score = -this.negamax(depth - 1, -INFINITY, -alpha, 1);
      else {
        score = -this.negamax(depth - 1, -alpha - 1, -alpha, 1);
        if (score > alpha) score = -this.negamax(depth - 1, -INFINITY, -alpha, 1);
      }
      this.pos.undo();
      if (this.clock.expired(0)) return null;
      scored.push({ move, score });
      if (!this.settings.exactRootScores) alpha = Math.max(alpha, score);
    }
    this.iterationEnd = this.clock.now();
    // A null-window score is only a bound; stable sort keeps the previous order among them.
    return scored.sort((a, b) => b.score - a.score);
  }

  private negamax(depth: number, alpha: number, beta: number, ply: number): number {
    if (this.clock.expired(++this.nodes)) return 0;
    const pos = this.pos;
    const colour = pos.toMove;
    const opponent = opponentOf(colour);
    if (pos.countOf(colour, C_FIVE) > 0) return WIN - ply;
    const opponentFives = pos.countOf(opponent, C_FIVE);
    if (opponentFives >= 2) return -(WIN - ply - 1);
    let childDepth = depth - 1;
    let mustDefend = false;
    if (opponentFives === 1) {
      if (ply < MAX_PLY) childDepth = depth;
    } else if (pos.countOf(colour, C_WIN4) > 0) {
      return WIN - ply - 2;
    } else {
      mustDefend = pos.countOf(opponent, C_WIN4) > 0;
      // A leaf where the opponent threatens an open four is not quiet: its static score would
      // count that threat in full although one block removes most of it, so look one ply on.
      if (ply >= MAX_PLY || (depth <= 0 && !(mustDefend && depth > -THREAT_EXTENSIONS))) return evaluate(pos, colour);
    }

    // The table before the moves: a stored bound often ends the node, and then the moves are not needed.
    // (A position is stored only when it had moves, so the answers without any below cannot be skipped.)
    const entry = this.table.probe(pos.hashLo, pos.hashHi);
    let firstMove = -1;
    if (entry) {
      const stored = fromTable(entry.score, ply);
      if (entry.depth >= depth) {
        if (entry.bound === EXACT) return stored;
        if (entry.bound === LOWER && stored >= beta) return stored;
        if (entry.bound === UPPER && stored <= alpha) return stored;
      }
      firstMove = entry.move;
    }

    let moves: number[];
    if (opponentFives === 1) moves = [findThreat(pos, opponent, C_FIVE)];
    else {
      // One more than the width, so that a table move from outside the list does not push one out.
      const limit = this.settings.width + 1;
      if (mustDefend) {
        moves = defensiveMoves(pos, colour, limit);
        if (moves.length === 0) return -(WIN - ply - 3); // an open four is coming and nothing stops it
      } else {
        moves = orderedMoves(pos, colour, limit);
        if (moves.length === 0) return 0; // the board is full: a draw
      }
    }
    if (firstMove >= 0 && moves.includes(firstMove)) moves = [firstMove, ...moves.filter((m) => m !== firstMove)];
    const count = Math.min(moves.length, this.settings.width);

    const alphaAtStart = alpha;
    let best = -INFINITY;
    let bestMove = moves[0];
    for (let i = 0; i < count; i++) {
      const move = moves[i];
      pos.play(move, colour);
      let score: number;
      if (i === 0) score = -this.negamax(childDepth, -beta, -alpha, ply + 1);
      else {
        score = -this.negamax(childDepth, -alpha - 1, -alpha, ply + 1);
        if (score > alpha && score < beta) score = -this.negamax(childDepth, -beta, -alpha, ply + 1);
      }
      pos.undo();
      if (this.clock.stopped) return 0;
      if (score > best) {
        best = score;
        bestMove = move;
      }
      if (score > alpha) alpha = score;
      if (alpha >= beta) break;
    }
    const bound = best <= alphaAtStart ? UPPER : best >= beta ? LOWER : EXACT;
    this.table.store(pos.hashLo, pos.hashHi, { depth: Math.max(0, depth), bound, score: toTable(best, ply), move: bestMove });
    return best;
  }
}

/** Win scores are stored relative to the node, so that they stay right when reached at another ply. */
function toTable(score: number, ply: number): number {
  if (score >= WIN_THRESHOLD) return score + ply;
  if (score <= -WIN_THRESHOLD) return score - ply;
  return score;
}

function fromTable(score: number, ply: number): number {
  if (score >= WIN_THRESHOLD) return score - ply;
  if (score <= -WIN_THRESHOLD) return score + ply;
  return score;
}
