/**
 * Connect Four's rules: gravity, turns, the four ways to win (across, up, both diagonals), a
 * full grid drawn, and the refusals — each a coded rejection that changes nothing. Then
 * fast-check: random play stays legal, and a game is won exactly when its last disc made four.
 */
import fc from 'fast-check';
import {
  applyConnectFour, cellAt, COLUMNS, connectFourGame, landingCell, lineThrough, newConnectFour, ROWS, type ConnectFourState, type Seat,
} from '../../../../shared/games/connect-four';

/** Plays the columns in turn from the start (seat 0 first); throws on a refusal. */
function play(columns: string | number[]): ConnectFourState {
  const list = typeof columns === 'string' ? [...columns].map(Number) : columns;
  return list.reduce((s, column) => {
    const r = applyConnectFour(s, s.toAct as Seat, { type: 'drop', column });
    if (!r.ok) throw new Error(`${r.code} at column ${column}`);
    return r.state;
  }, newConnectFour());
}

describe('Connect Four', () => {
  it('a disc falls to the lowest free cell of its column; seats alternate from the first', () => {
    const s = play('3334');
    expect(s.cells[cellAt(3, 0)]).toBe(1);
    expect(s.cells[cellAt(3, 1)]).toBe(2);
    expect(s.cells[cellAt(3, 2)]).toBe(1);
    expect(s.cells[cellAt(4, 0)]).toBe(2);
    expect(s.toAct).toBe(0);
    expect(s.moves).toEqual([3, 3, 3, 4]);
    expect(landingCell(s.cells, 3)).toBe(cellAt(3, 3));
  });

  it.each([
    ['across', '0011223', [cellAt(0, 0), cellAt(1, 0), cellAt(2, 0), cellAt(3, 0)]],
    ['up', '0101010', [cellAt(0, 0), cellAt(0, 1), cellAt(0, 2), cellAt(0, 3)]],
    ['diagonally up-right', '01123223363', [cellAt(0, 0), cellAt(1, 1), cellAt(2, 2), cellAt(3, 3)]],
    ['diagonally down-right', '65543443303', [cellAt(3, 3), cellAt(4, 2), cellAt(5, 1), cellAt(6, 0)]],
  ])('four %s wins for the seat that made it, and the four is shown', (_way, moves, four) => {
    const s = play(moves);
    expect(s.winner).toBe(0);
    expect(s.reason).toBe('four');
    expect(s.toAct).toBeNull();
    expect(s.winLine).toEqual([...four].sort((a, b) => a - b));
    expect(connectFourGame.outcome(s)).toEqual({ winner: 0, reason: 'four' });
  });

  it('a full grid without four in a row is a draw', () => {
    // Fills the grid in the pattern ((column / 2) + row) % 2, which holds no four anywhere.
    const s = play('000000111111422222233333344444555556666665');
    expect(s.moves).toHaveLength(ROWS * COLUMNS);
    expect(s.winner).toBe('draw');
    expect(s.reason).toBe('full');
    expect(s.winLine).toEqual([]);
  });

  it('refuses, with a code and no change: out of turn, a column off the grid or not whole, a full column, after the end', () => {
    const start = play('3');
    const refused = (s: ConnectFourState, seat: Seat, column: number) => {
      const before = JSON.stringify(s);
      const r = applyConnectFour(s, seat, { type: 'drop', column });
      expect(JSON.stringify(s)).toBe(before);
      return r.ok ? 'accepted' : r.code;
    };
    expect(refused(start, 0, 4)).toBe('not_your_turn');
    for (const column of [-1, 7, 2.5, NaN, Infinity]) expect(refused(start, 1, column)).toBe('out_of_range');
    expect(refused(play('333333'), 0, 3)).toBe('column_full');
    expect(refused(play('0011223'), 1, 5)).toBe('game_over');
  });

  it('resigning, the clock and leaving lose; each is one action in the log\'s count', () => {
    const s = play('33');
    for (const reason of ['resigned', 'time', 'left'] as const) {
      const r = applyConnectFour(s, 1, { type: 'forfeit', reason });
      if (!r.ok) throw new Error(r.code);
      expect(r.state.winner).toBe(0);
      expect(r.state.reason).toBe(reason);
      expect(connectFourGame.version(r.state)).toBe(connectFourGame.version(s) + 1);
    }
  });

  it('random play: every accepted drop lands on its column\'s lowest free cell; the game is won exactly when the last disc made four', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: -1, max: COLUMNS }), { maxLength: 80 }), (columns) => {
      let s = newConnectFour();
      for (const column of columns) {
        if (s.toAct === null) break;
        const landing = column >= 0 && column < COLUMNS ? landingCell(s.cells, column) : null;
        const r = applyConnectFour(s, s.toAct, { type: 'drop', column });
        expect(r.ok).toBe(landing !== null);
        if (!r.ok) continue;
        expect(r.state.cells.filter((c, i) => c !== s.cells[i])).toHaveLength(1);
        expect(r.state.cells[landing!]).toBe(s.toAct + 1);
        const four = lineThrough(r.state.cells, landing!).length >= 4;
        expect(r.state.winner === s.toAct).toBe(four);
        s = r.state;
      }
      // No four anywhere on a board still in play.
      if (s.winner === null) for (let cell = 0; cell < s.cells.length; cell++) expect(lineThrough(s.cells, cell)).toEqual([]);
    }), { numRuns: 300 });
  });
});
