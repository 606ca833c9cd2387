/**
 * Gomoku rules: five detection through the last stone against a brute-force scan of the
 * whole board (the baseline), and whole random games through the reducer.
 */
import { Mulberry32, randomInt } from '../../shared/core/rng';
import { BLACK, CELLS, DIRECTIONS, EMPTY, SIZE, WHITE, emptyCells, indexOf, isOnBoard, winningLineThrough, applyAction, newGame, type GomokuState } from '../../shared/games/gomoku';
import { opsPerSecond, report } from './timing';

function bruteForceHasFive(board: readonly number[]): boolean {
  for (let y = 0; y < SIZE; y++) for (let x = 0; x < SIZE; x++) {
    const c = board[indexOf(x, y)];
    if (c === EMPTY) continue;
    for (const [dx, dy] of DIRECTIONS) {
      let n = 0;
      while (isOnBoard(x + n * dx, y + n * dy) && board[indexOf(x + n * dx, y + n * dy)] === c) n++;
      if (n === 5) return true;
    }
  }
  return false;
}

export function benchGomokuRules(): void {
  console.log('\n# Gomoku rules');
  const rng = new Mulberry32(1);
  const board = emptyCells();
  for (let i = 0; i < 90; i++) board[randomInt(rng, CELLS)] = i % 2 ? BLACK : WHITE;
  const probes = Array.from({ length: 64 }, () => randomInt(rng, CELLS));
  let k = 0;
  const brute = opsPerSecond(() => bruteForceHasFive(board));
  const last = opsPerSecond(() => {
    const cell = probes[k++ & 63];
    winningLineThrough(board, cell % SIZE, Math.floor(cell / SIZE), 'standard');
  });
  report('five check, brute-force board scan (baseline)', brute, 'checks/s');
  report('five check, lines through the last stone', last, 'checks/s', { name: 'baseline', value: brute });

  const gameRng = new Mulberry32(2);
  const playRandomGame = () => {
    let state: GomokuState = newGame({ rule: 'standard', swap2: false });
    while (state.phase !== 'game_over') {
      const cell = randomInt(gameRng, CELLS);
      const result = applyAction(state, state.toAct!, { type: 'place', x: cell % SIZE, y: Math.floor(cell / SIZE) });
      if (result.ok) state = result.state;
    }
  };
  report('random games to the end through applyAction', opsPerSecond(playRandomGame, 1000), 'games/s');
}
