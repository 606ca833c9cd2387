/**
 * Swap 2 (RULINGS.md): the opener places Black, White, Black and later makes the final
 * colour choice; the chooser takes a colour or places White and Black and lets the opener
 * choose. Every judgement is one number: the search score of the position for White, who
 * moves next in every branch. The opener and the extra stones aim at a balanced position
 * (score near 0) so the other side has no easy choice; a choice takes the better side.
 */
import { randomInt, type Random } from '../../../core/rng';
import { SIZE, WHITE, type Stone } from '../board';
import type { Swap2Choice } from '../swap2';
import { moveScore, scanNode } from './candidates';
import { Position } from './position';
import { WIN_THRESHOLD, iterativeDeepening } from './search';
import type { Clock } from './clock';
import type { LevelSettings } from './levels';

const CENTRE = Math.floor(SIZE / 2);
/** A score for White within this of 0 counts as balanced: worth "place two more" for the chooser. */
const BALANCED_MARGIN = 150;
/** Balancing stones are chosen at random among this many of the most balanced. */
const BALANCED_PICKS = 2;
/** Balancing candidates first get a cheap look at this depth; the most balanced few a deeper one. */
const SCREENING_DEPTH = 2;
const FINALISTS = 5;
/** Candidate cells judged for a balancing stone. */
const BALANCING_CANDIDATES = 40;
/** Where the opener's White stone goes, relative to the first Black stone: touching or one gap away. */
const WHITE_OFFSETS: readonly (readonly [number, number])[] = [
  [1, 0], [0, 1], [-1, 0], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1], [2, 0], [0, 2], [2, 1], [1, 2], [2, 2],
];

/**
 * Score of the position for the side to move after a short search to `depth`: the mean of
 * the last two iterations, since a search that ends on the side to move's turn and one
 * that ends on the other's lean opposite ways, and the opening is judged on a fine margin.
 */
export function scoreForSideToMove(pos: Position, level: LevelSettings, clock: Clock, depth = level.openingDepth): number {
  const moves = scanNode(pos, pos.toMove).moves.slice(0, level.rootWidth);
  if (moves.length === 0) return 0;
  const settings = { maxDepth: depth, width: level.search.width, exactRootScores: false };
  const scores = iterativeDeepening(pos, moves, settings, clock).bestByDepth;
  if (scores.length === 0) return 0;
  if (Math.abs(scores[scores.length - 1]) >= WIN_THRESHOLD || scores.length === 1) return scores[scores.length - 1];
  return (scores[scores.length - 1] + scores[scores.length - 2]) / 2;
}

/** The opener's stones: Black near the centre, White beside it, then the most balancing Black. */
export function openerStone(pos: Position, level: LevelSettings, clock: Clock, rng: Random): number {
  if (pos.stones === 0) return cellAt(CENTRE - 1 + randomInt(rng, 3), CENTRE - 1 + randomInt(rng, 3));
  if (pos.stones === 1) {
    // The first stone may not be ours (a timed-out placement is random): keep to the board.
    const first = pos.history[0];
    const cells = WHITE_OFFSETS.flatMap(([dx, dy]) => [
      [(first % SIZE) + dx, Math.floor(first / SIZE) + dy],
      [(first % SIZE) - dx, Math.floor(first / SIZE) - dy],
    ])
      .filter(([x, y]) => x >= 0 && y >= 0 && x < SIZE && y < SIZE)
      .map(([x, y]) => cellAt(x, y));
    return cells[randomInt(rng, cells.length)];
  }
  return balancingStone(pos, level, clock, rng);
}

/**
 * The chooser's extra stones: White as a good White move, then the Black stone that
 * leaves the position most balanced, since the opener picks the colour next.
 */
export function extraStone(pos: Position, level: LevelSettings, clock: Clock, rng: Random): number {
  if (pos.toMove === WHITE) {
    const moves = scanNode(pos, WHITE).moves;
    return moves[randomInt(rng, Math.min(3, moves.length))];
  }
  return balancingStone(pos, level, clock, rng);
}

/** With three stones: take the colour that is clearly better, or place two more when it is close. */
export function firstChoice(pos: Position, level: LevelSettings, clock: Clock): Swap2Choice {
  const forWhite = scoreForSideToMove(pos, level, clock);
  if (forWhite > BALANCED_MARGIN) return 'white';
  if (forWhite < -BALANCED_MARGIN) return 'black';
  return 'place_more';
}

/** With five stones: the better colour. */
export function finalChoice(pos: Position, level: LevelSettings, clock: Clock): Swap2Choice {
  return scoreForSideToMove(pos, level, clock) >= 0 ? 'white' : 'black';
}

/**
 * A stone of the colour to move chosen so that White's score afterwards is close to 0:
 * every candidate is screened with a two-ply search, then the most balanced few are
 * judged at the level's opening depth.
 */
function balancingStone(pos: Position, level: LevelSettings, clock: Clock, rng: Random): number {
  const colour: Stone = pos.toMove;
  const candidates = scanNode(pos, colour).moves.slice(0, BALANCING_CANDIDATES);
  const screened = judgeBalance(pos, colour, candidates, level, clock.slice(0.4), SCREENING_DEPTH);
  const finalists = screened.slice(0, FINALISTS).map((j) => j.cell);
  const judged = judgeBalance(pos, colour, finalists, level, clock.slice(1), level.openingDepth);
  return judged[randomInt(rng, Math.min(BALANCED_PICKS, judged.length))].cell;
}

/** Candidates sorted by how far from balanced White's score is after each. */
function judgeBalance(pos: Position, colour: Stone, cells: readonly number[], level: LevelSettings, clock: Clock, depth: number) {
  const judged: { cell: number; imbalance: number }[] = [];
  for (const [i, cell] of cells.entries()) {
    // Each candidate gets an equal part of what is left, so all of them are judged in time.
    const slice = clock.slice(1 / (cells.length - i));
    pos.play(cell, colour);
    judged.push({ cell, imbalance: Math.abs(scoreForSideToMove(pos, level, slice, depth)) });
    pos.undo();
  }
  return judged.sort((a, b) => a.imbalance - b.imbalance || moveScore(pos, colour, b.cell) - moveScore(pos, colour, a.cell));
}

function cellAt(x: number, y: number): number {
  return y * SIZE + x;
}
