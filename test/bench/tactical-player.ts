/**
 * The benchmark's baseline: a one-ply tactical Gomoku player, written from the rules alone
 * (none of the engine's code), so that beating it measures the engine and not a shared bug.
 * In order: complete its own five; block the opponent's five; make its own open four;
 * block the opponent's open three (a cell where the opponent would make two five points);
 * otherwise extend its own longest line, ties broken at random.
 * Swap 2: as opener it places Black in the centre, White and Black touching it; as chooser
 * it takes Black (the rules' own default on timeout) and places its extra stones tactically.
 */
import { randomInt, type Random } from '../../shared/core/rng';
import {
  CELLS,
  DIRECTIONS,
  EMPTY,
  SIZE,
  cellAt,
  colourOfStone,
  flatCells,
  indexOf,
  isOnBoard,
  moveCount,
  winningLineThrough,
  type GomokuAction,
  type GomokuState,
  type Stone,
  type WinRule,
} from '../../shared/games/gomoku';

const CENTRE = Math.floor(SIZE / 2);
const NEIGHBOURS: readonly (readonly [number, number])[] = [
  [1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1],
];

export function tacticalAction(state: GomokuState, rng: Random): GomokuAction {
  if (state.phase === 'swap2_choice' || state.phase === 'swap2_final_choice') return { type: 'choose', choice: 'black' };
  if (state.phase === 'swap2_placement') return place(openingCell(state, rng));
  const colour = colourOfStone(moveCount(state.moves) + 1);
  return place(tacticalCell(flatCells(state.board), colour, state.config.rule, rng));
}

function place(cell: number): GomokuAction {
  return { type: 'place', x: cell % SIZE, y: Math.floor(cell / SIZE) };
}

function openingCell(state: GomokuState, rng: Random): number {
  const centre = indexOf(CENTRE, CENTRE);
  if (moveCount(state.moves) === 0) return centre;
  const free = NEIGHBOURS.map(([dx, dy]) => indexOf(CENTRE + dx, CENTRE + dy)).filter((c) => cellAt(state.board, c) === EMPTY);
  return free[randomInt(rng, free.length)];
}

export function tacticalCell(board: number[], colour: Stone, rule: WinRule, rng: Random): number {
  const opponent: Stone = colour === 1 ? 2 : 1;
  const cells = candidateCells(board);
  if (cells.length === 0) return indexOf(CENTRE, CENTRE);
  const first = (test: (c: number) => boolean) => cells.find(test) ?? -1;
  const steps = [
    () => first((c) => makesFive(board, c, colour, rule)),
    () => first((c) => makesFive(board, c, opponent, rule)),
    () => first((c) => fivePointsAfter(board, c, colour, rule) >= 2),
    () => bestBy(cells.filter((c) => fivePointsAfter(board, c, opponent, rule) >= 2), (c) => lineScore(board, c, colour), rng),
  ];
  for (const step of steps) {
    const cell = step();
    if (cell >= 0) return cell;
  }
  return bestBy(cells, (c) => lineScore(board, c, colour), rng);
}

/** Empty cells touching a stone (all empty cells on an empty board). */
function candidateCells(board: readonly number[]): number[] {
  const near: number[] = [];
  for (let c = 0; c < CELLS; c++) {
    if (board[c] !== EMPTY) continue;
    const x = c % SIZE;
    const y = Math.floor(c / SIZE);
    if (NEIGHBOURS.some(([dx, dy]) => isOnBoard(x + dx, y + dy) && board[indexOf(x + dx, y + dy)] !== EMPTY)) near.push(c);
  }
  return near;
}

function makesFive(board: number[], cell: number, colour: Stone, rule: WinRule): boolean {
  board[cell] = colour;
  const five = winningLineThrough(board, cell % SIZE, Math.floor(cell / SIZE), rule) !== null;
  board[cell] = EMPTY;
  return five;
}

/** After `colour` plays `cell`, how many empty cells would then complete a five (2+: cannot be stopped). */
function fivePointsAfter(board: number[], cell: number, colour: Stone, rule: WinRule): number {
  board[cell] = colour;
  const x = cell % SIZE;
  const y = Math.floor(cell / SIZE);
  let points = 0;
  for (const [dx, dy] of DIRECTIONS) {
    for (let step = -4; step <= 4; step++) {
      const px = x + step * dx;
      const py = y + step * dy;
      if (step !== 0 && isOnBoard(px, py) && board[indexOf(px, py)] === EMPTY && makesFive(board, indexOf(px, py), colour, rule)) points++;
    }
  }
  board[cell] = EMPTY;
  return points;
}

/** The longest run `colour` would have through `cell`, then its open ends: "extend the longest line". */
function lineScore(board: number[], cell: number, colour: Stone): number {
  const x = cell % SIZE;
  const y = Math.floor(cell / SIZE);
  let best = 0;
  for (const [dx, dy] of DIRECTIONS) {
    let length = 1;
    let open = 0;
    for (const sign of [1, -1]) {
      let step = 1;
      while (isOnBoard(x + sign * step * dx, y + sign * step * dy) && board[indexOf(x + sign * step * dx, y + sign * step * dy)] === colour) step++;
      length += step - 1;
      const ex = x + sign * step * dx;
      const ey = y + sign * step * dy;
      if (isOnBoard(ex, ey) && board[indexOf(ex, ey)] === EMPTY) open++;
    }
    best = Math.max(best, length * 3 + open);
  }
  return best;
}

function bestBy(cells: readonly number[], score: (c: number) => number, rng: Random): number {
  if (cells.length === 0) return -1;
  const scores = cells.map(score);
  const top = Math.max(...scores);
  const tied = cells.filter((_, i) => scores[i] === top);
  return tied[randomInt(rng, tied.length)];
}
