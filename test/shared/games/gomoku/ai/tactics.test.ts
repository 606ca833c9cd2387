/**
 * The moves no level may miss: make its own five, block a five, answer an open three,
 * under both win rules. Outcomes are checked through the rules (applyAction and
 * winningLineThrough), not through the engine's own pattern tables.
 */
import {
  CELLS,
  EMPTY,
  SIZE,
  applyAction,
  colourOfStone,
  flatCells,
  moveCount,
  winningLineThrough,
  type Cell,
  type GomokuState,
  type Stone,
  type WinRule,
} from '../../../../../shared/games/gomoku';
import { at, stateFrom, think } from './boards';

const LEVELS = [1, 2, 3] as const;

function afterMove(state: GomokuState, level: 1 | 2 | 3): GomokuState {
  const result = applyAction(state, state.toAct!, think(state, level));
  if (!result.ok) throw new Error(result.message);
  return result.state;
}

/** Empty cells where the side to move would complete a winning line, by the rules. */
function fivePoints(board: Cell[], colour: Stone, rule: WinRule): number[] {
  const points: number[] = [];
  for (let c = 0; c < CELLS; c++) {
    if (board[c] !== EMPTY) continue;
    board[c] = colour;
    if (winningLineThrough(board, c % SIZE, Math.floor(c / SIZE), rule)) points.push(c);
    board[c] = EMPTY;
  }
  return points;
}

/** Whether `colour` could now play a stone that leaves two or more five points (an open or double four). */
function canMakeOpenFour(state: GomokuState, colour: Stone): boolean {
  const board = flatCells(state.board);
  for (let c = 0; c < CELLS; c++) {
    if (board[c] !== EMPTY) continue;
    board[c] = colour;
    const points = fivePoints(board, colour, state.config.rule).length;
    board[c] = EMPTY;
    if (points >= 2) return true;
  }
  return false;
}

describe.each(LEVELS)('level %i', (level) => {
  it('completes its own five', () => {
    const state = stateFrom(['', '', '', '', '', '', '', '....XXXX.......', '....OOO........', '..........O....']);
    const next = afterMove(state, level);
    expect(next.phase).toBe('game_over');
    expect(next.winner).toBe(state.toAct);
  });

  it('completes its own five rather than blocking the opponent', () => {
    // White to move: both sides have a four; White must win, not block.
    const state = stateFrom(['', '', '', '', '', '...OXXXX.......', '', '...OOOO........', '..X............']);
    const next = afterMove(state, level);
    expect(next.winner).toBe(state.toAct);
  });

  it('blocks a four', () => {
    const state = stateFrom(['', '', '', '', '', '', '', '...OXXXX.......', '', '.....O.O.......']);
    expect(at(think(state, level))).toBe('8,7');
  });

  it('blocks one end of an open four when it has no five of its own', () => {
    const state = stateFrom(['', '', '', '', '', '', '', '....XXXX.......', '', '...O.O.O.......']);
    expect(['3,7', '8,7']).toContain(at(think(state, level)));
  });

  it('answers an open three so that no open four can follow', () => {
    const state = stateFrom(['', '', '', '', '', '', '', '.....XXX.......', '', '.O..........O..']);
    const next = afterMove(state, level);
    expect(canMakeOpenFour(next, colourOfStone(moveCount(next.moves) + 1))).toBe(false);
  });

  it('answers a broken three too', () => {
    const state = stateFrom(['', '', '', '', '', '', '', '.....X.XX......', '', '.O..........O..']);
    const next = afterMove(state, level);
    expect(canMakeOpenFour(next, colourOfStone(moveCount(next.moves) + 1))).toBe(false);
  });
});

describe('overlines', () => {
  // Black to move: the gap in row 7 makes six; column 12 has a real four (five point 12,6).
  const rows = ['', '.O..........O..', '............X..', '............X..', '.O..........X..', '............X..', '', '..XX.XXX.......', '', '..O.O.O..O.....', '', '', '.O.........O...'];

  it('under standard, an overline is no win: the engine makes the real five', () => {
    const state = stateFrom(rows, 'standard');
    expect(at(think(state))).toBe('12,6');
  });

  it('under freestyle, the overline wins as well', () => {
    const state = stateFrom(rows, 'freestyle');
    const next = afterMove(state, 3);
    expect(next.winner).toBe(state.toAct);
  });

  it('under freestyle, filling the gap is a win the engine takes', () => {
    const state = stateFrom(['', '', '', '', '', '', '', '..XX.XXX.......', '', '..O.O.O..O.....'], 'freestyle');
    expect(at(think(state))).toBe('4,7');
  });

  it('under standard, defending ignores the harmless gap and blocks the real five point', () => {
    // White to move against the same Black shapes.
    const state = stateFrom(['', '.O..........O..', '............X..', '............X..', '.O..........X..', '............X..', '', '..XX.XXX.......', '', '..O.O....O.....', '', '', '.O.........O...'], 'standard');
    expect(at(think(state))).toBe('12,6');
  });
});
