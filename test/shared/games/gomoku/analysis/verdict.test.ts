/**
 * The engine's verdict on known positions: a win by fours found and reported as forced with
 * its length and line, a side that must block a five, mirror images scored alike, and the
 * node budget (not the clock) deciding how far it looks.
 */
import { BLACK, SIZE, WHITE, forEachMove } from '../../../../../shared/games/gomoku';
import { Position } from '../../../../../shared/games/gomoku/ai/position';
import { C_FIVE, C_WIN4 } from '../../../../../shared/games/gomoku/ai/threats';
import { judgePosition, threatPoints, vcfLine } from '../../../../../shared/games/gomoku/analysis';
import { BLACK_WINS_BY_FOURS, stateFrom } from '../ai/boards';


function positionFrom(rows: readonly string[]): Position {
  const state = stateFrom(rows);
  const pos = new Position(state.config.rule);
  forEachMove(state.moves, (m) => pos.play(m.y * SIZE + m.x, m.colour));
  return pos;
}

const mirror = (rows: readonly string[]) => rows.map((row) => row.padEnd(SIZE, '.').split('').reverse().join(''));

describe('the verdict on a position', () => {
  it('finds the win by fours, reports it as forced for Black with its length, and plays it out by fours', () => {
    const pos = positionFrom(BLACK_WINS_BY_FOURS);
    const verdict = judgePosition(pos, 60_000);
    expect(verdict.forced).toEqual({ winner: BLACK, moves: expect.any(Number) });
    expect(verdict.forced!.moves).toBeGreaterThanOrEqual(2);
    expect(verdict.blackChance).toBe(1);
    expect(verdict.forBlack).toBeGreaterThan(9_000_000);
    // The line is the VCF: every Black stone but the last makes a four, each White stone blocks its five point.
    const line = vcfLine(pos, BLACK);
    expect(verdict.line).toEqual(line);
    expect(verdict.best).toBe(line[0]);
    for (let i = 0; i < line.length; i++) {
      const colour = i % 2 === 0 ? BLACK : WHITE;
      if (colour === WHITE) expect(pos.threatOf(BLACK, line[i])).toBe(C_FIVE);
      // Black's last stone makes five or an open four (C_WIN4); every earlier one a four.
      if (colour === BLACK && i === line.length - 1) expect(pos.threatOf(BLACK, line[i])).toBeGreaterThanOrEqual(C_WIN4);
      pos.play(line[i], colour);
      if (colour === BLACK && i < line.length - 1) expect(threatPoints(pos, BLACK).five).toHaveLength(1);
    }
  });

  it('the side facing a four answers it: the best move is the block, and the verdict is not a forced loss', () => {
    // Black has a closed four on row 8 (h8-k8, g8 White): White to move must take l8.
    const pos = positionFrom(['', '', '', '', '', '', '.......O.......', '......OXXXX....', '.........O.....']);
    expect(pos.toMove).toBe(WHITE);
    const verdict = judgePosition(pos, 20_000);
    expect(verdict.best).toBe(7 * SIZE + 11);
    expect(verdict.forced?.winner).not.toBe(BLACK);
  });

  it('a position and its mirror image get the same score, best move mirrored', () => {
    const rows = ['', '', '', '', '', '.......X.......', '......OXO......', '.....X.O.......', '........X......'];
    const a = judgePosition(positionFrom(rows), 30_000);
    const b = judgePosition(positionFrom(mirror(rows)), 30_000);
    expect(b.forBlack).toBe(a.forBlack);
    const mirrored = (cell: number) => Math.floor(cell / SIZE) * SIZE + (SIZE - 1 - (cell % SIZE));
    expect(b.best).toBe(mirrored(a.best));
  });

  it('the node budget decides the depth: a bigger budget searches at least as deep, the same budget the same', () => {
    const pos = positionFrom(['', '', '', '', '', '.......X.......', '......OXO......', '.....X.O.......']);
    const small = judgePosition(pos, 2_000);
    const large = judgePosition(pos, 60_000);
    expect(large.depth).toBeGreaterThan(small.depth);
    expect(judgePosition(pos, 2_000)).toEqual(small);
  });
});
