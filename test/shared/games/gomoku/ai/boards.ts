/** Test positions drawn as text, built through the real reducer so that they are reachable states. */
import { Mulberry32 } from '../../../../../shared/core/rng';
import { SIZE, applyAction, newGame, type GomokuAction, type GomokuState, type WinRule } from '../../../../../shared/games/gomoku';
import { computerAction, type ComputerLevel } from '../../../../../shared/games/gomoku/ai';

/**
 * A main-game state (Swap 2 off, seat 0 Black) from up to 15 rows: X Black, O White,
 * anything else empty; the first row is y = 0. Black must have as many stones as White
 * (Black to move) or one more (White to move); no row of five may already stand.
 */
export function stateFrom(rows: readonly string[], rule: WinRule = 'standard'): GomokuState {
  const black: [number, number][] = [];
  const white: [number, number][] = [];
  rows.forEach((row, y) => [...row].forEach((ch, x) => (ch === 'X' ? black : ch === 'O' ? white : null)?.push([x, y])));
  if (black.length !== white.length && black.length !== white.length + 1) {
    throw new Error(`bad board: ${black.length} black, ${white.length} white`);
  }
  let state = newGame({ rule, swap2: false });
  for (let i = 0; i < black.length + white.length; i++) {
    const [x, y] = i % 2 === 0 ? black[i / 2] : white[(i - 1) / 2];
    const result = applyAction(state, state.toAct!, { type: 'place', x, y });
    if (!result.ok || result.state.phase !== 'main_game') throw new Error(`cannot place (${x}, ${y}) while drawing the board`);
    state = result.state;
  }
  return state;
}

/**
 * A clock that advances a fixed step per read, so that tests never depend on real time
 * (the engine reads it about once per 256 nodes).
 */
export function steppingClock(stepMs = 1): () => number {
  let t = 0;
  return () => (t += stepMs);
}

export function think(state: GomokuState, level: ComputerLevel = 3, seed = 1, budgetMs = 200): GomokuAction {
  return computerAction(state, state.toAct!, { level, rng: new Mulberry32(seed), now: steppingClock(), budgetMs });
}

/** The cell of a placing action as "x,y", for readable expectations. */
export function at(action: GomokuAction): string {
  if (action.type !== 'place') throw new Error(`expected a placement, got ${JSON.stringify(action)}`);
  return `${action.x},${action.y}`;
}

export const EMPTY_ROW = '.'.repeat(SIZE);

/** Black to move wins by fours; no single move makes an open four yet (the VCF tests' and the analysis tests' position). */
export const BLACK_WINS_BY_FOURS = [
  '', '', '', '',
  '..........O....',
  '.....O..XO.O...',
  '...O.XX...X....',
  '.....OOX.XX....',
  '........X......',
  '.......X.......',
  '......OOX.O....',
];
