/**
 * Candidate moves: the empty cells near stones, with what each side would make there.
 * One pass over the board answers the questions every search node asks first (can I
 * make five? must I block a five? can I make an open four? does the opponent threaten
 * one?) and gives the moves ordered by a threat score.
 */
import { CELLS, type Stone } from '../board';
import { C_FIVE, C_FOUR, C_WIN4 } from './threats';
import { Position, opponentOf } from './position';

export interface NodeScan {
  /** A cell where the side to move makes five, or -1. */
  ownFive: number;
  /** Cells where the opponent would make five: the side to move must block them. */
  opponentFives: number[];
  /** A cell where the side to move makes an open four or a double four, or -1. */
  ownWin4: number;
  /** Whether the opponent could make an open four or double four next move. */
  opponentWin4: boolean;
  /** Every candidate cell, best first. */
  moves: number[];
}

/**
 * Attack counts a little more than defence: with equal stakes the side to move would
 * rather make its own threat, since it moves first.
 */
export function moveScore(pos: Position, colour: Stone, cell: number): number {
  return pos.valueOf(colour, cell) * 1.1 + pos.valueOf(opponentOf(colour), cell);
}

/** Scratch scores by cell: filled and consumed within one call, so one buffer serves every node. */
const scores = new Float64Array(CELLS);

/**
 * The best `limit` candidate cells (empty, near a stone) for `colour` to move, best first (ties:
 * the lower cell first); with `onlyFours`, only those where either side would make a four or
 * better. A partial insertion sort: nodes need a dozen moves out of a hundred. It runs at every
 * inner node of the search, so it reads the position's arrays directly (the score is moveScore's).
 */
export function orderedMoves(pos: Position, colour: Stone, limit = CELLS, onlyFours = false): number[] {
  const moves: number[] = [];
  const cells = pos.cells;
  const near = pos.near;
  const value = pos.value;
  const threat = pos.threat;
  const own = (colour - 1) * CELLS;
  const other = CELLS - own;
  for (let c = 0; c < CELLS; c++) {
    if (cells[c] !== 0 || near[c] === 0) continue;
    if (onlyFours && threat[own + c] < C_FOUR && threat[other + c] < C_FOUR) continue;
    const score = value[own + c] * 1.1 + value[other + c];
    const count = moves.length;
    if (count === limit && score <= scores[moves[limit - 1]]) continue;
    scores[c] = score;
    let i = count === limit ? limit - 1 : count;
    while (i > 0 && scores[moves[i - 1]] < score) {
      moves[i] = moves[i - 1];
      i--;
    }
    moves[i] = c;
  }
  return moves;
}

/** The first empty cell where `colour` has threat class `threat`, or -1. */
export function findThreat(pos: Position, colour: Stone, threat: number): number {
  for (let c = 0; c < CELLS; c++) if (pos.cells[c] === 0 && pos.threatOf(colour, c) === threat) return c;
  return -1;
}

export function scanNode(pos: Position, colour: Stone): NodeScan {
  const opponent = opponentOf(colour);
  const moves = orderedMoves(pos, colour);
  return {
    ownFive: findThreat(pos, colour, C_FIVE),
    opponentFives: moves.filter((c) => pos.threatOf(opponent, c) === C_FIVE),
    ownWin4: findThreat(pos, colour, C_WIN4),
    opponentWin4: pos.countOf(opponent, C_WIN4) > 0,
    moves,
  };
}

/**
 * When the opponent threatens an open four, the only moves worth trying: our own fours
 * (which force a reply first) and the cells where the opponent would make a four, which
 * include every cell that spoils the threatened open four.
 */
export function defensiveMoves(pos: Position, colour: Stone, limit = CELLS): number[] {
  return orderedMoves(pos, colour, limit, true);
}
