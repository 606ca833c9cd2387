/**
 * Victory by continuous fours, on positions met in play (found by searching level-1
 * games): the engine wins one by fours alone, and defends against one so that the
 * sequence no longer works. "Four" is checked through the rules: after the move the
 * attacker has a cell that would complete a five.
 */
import { CELLS, EMPTY, SIZE, applyAction, flatCells, forEachMove, winningLineThrough, type GomokuState, type Stone } from '../../../../../shared/games/gomoku';
import { Clock } from '../../../../../shared/games/gomoku/ai/clock';
import { Position, opponentOf } from '../../../../../shared/games/gomoku/ai/position';
import { findVcf } from '../../../../../shared/games/gomoku/ai/vcf';
import { BLACK_WINS_BY_FOURS, stateFrom, think } from './boards';


// White to move; Black threatens a win by fours that the most natural move does not stop.
const WHITE_MUST_STOP_FOURS = [
  '',
  '.......X.......',
  '.......O.......',
  '.......X.......',
  '......OXO.O....',
  '.....OOXOXXXOX.',
  '.......OXO.....',
  '.......XOX.....',
  '.........X.....',
];

const unlimited = () => ({ maxFours: 30, maxNodes: 1_000_000, clock: new Clock(() => 0, 1) });

function positionOf(state: GomokuState): Position {
  const pos = new Position(state.config.rule);
  forEachMove(state.moves, (m) => pos.play(m.y * SIZE + m.x, m.colour));
  return pos;
}

function hasFivePoint(state: GomokuState, colour: Stone): boolean {
  const board = flatCells(state.board);
  for (let c = 0; c < CELLS; c++) {
    if (board[c] !== EMPTY) continue;
    board[c] = colour;
    const five = winningLineThrough(board, c % SIZE, Math.floor(c / SIZE), state.config.rule) !== null;
    board[c] = EMPTY;
    if (five) return true;
  }
  return false;
}

describe('VCF', () => {
  it('the VCF search finds the win and the engine plays it out by fours to a five', () => {
    let state = stateFrom(BLACK_WINS_BY_FOURS);
    const attacker = state.toAct!;
    expect(findVcf(positionOf(state), 1, unlimited()).move).toBeGreaterThanOrEqual(0);
    for (let attackerMoves = 0; state.phase !== 'game_over'; attackerMoves++) {
      expect(attackerMoves).toBeLessThan(12);
      const seat = state.toAct!;
      const result = applyAction(state, seat, think(state, 3));
      if (!result.ok) throw new Error(result.message);
      state = result.state;
      // Every attacking move is a four (or the five); the defender's answers are forced.
      if (seat === attacker && state.phase !== 'game_over') expect(hasFivePoint(state, 1)).toBe(true);
    }
    expect(state.winner).toBe(attacker);
  });

  it('finds no VCF where there is none', () => {
    const state = stateFrom(['', '', '', '', '', '', '......XO.......', '.......X.......', '......O........']);
    expect(findVcf(positionOf(state), 2, unlimited()).move).toBe(-1);
  });

  it('the position really threatens a VCF: after a natural but wrong move Black wins by fours', () => {
    const state = stateFrom(WHITE_MUST_STOP_FOURS);
    const pos = positionOf(state);
    pos.play(7 * SIZE + 6, 2); // (6, 7): the move that looks best to plain move ordering
    expect(findVcf(pos, 1, unlimited()).move).toBeGreaterThanOrEqual(0);
  });

  it('defends: after the engine’s move the opponent has no VCF left', () => {
    const state = stateFrom(WHITE_MUST_STOP_FOURS);
    const action = think(state, 3);
    const result = applyAction(state, state.toAct!, action);
    if (!result.ok) throw new Error(result.message);
    const black = opponentOf(2);
    expect(findVcf(positionOf(result.state), black, unlimited()).move).toBe(-1);
  });
});
