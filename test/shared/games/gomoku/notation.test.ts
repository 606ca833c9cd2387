import { SIZE } from '../../../../shared/games/gomoku/board';
import { cellName, columnName, pointName, rowName } from '../../../../shared/games/gomoku/notation';

describe('standard notation: columns a–o from the left, rows 1–15 from the bottom', () => {
  it('names the published landmarks: h8 the centre, a15 top-left, o15 top-right, a1 bottom-left, o1 bottom-right', () => {
    expect(pointName(7, 7)).toBe('h8');
    expect(pointName(0, 0)).toBe('a15');
    expect(pointName(14, 0)).toBe('o15');
    expect(pointName(0, 14)).toBe('a1');
    expect(pointName(14, 14)).toBe('o1');
    expect(cellName(7 * SIZE + 7)).toBe('h8');
    expect(cellName(0)).toBe('a15');
    expect(cellName(SIZE * SIZE - 1)).toBe('o1');
  });

  it('names the star points of a 15x15 board (d4, d12, l4, l12 around h8)', () => {
    expect([pointName(3, 11), pointName(3, 3), pointName(11, 11), pointName(11, 3)]).toEqual(['d4', 'd12', 'l4', 'l12']);
  });

  it('names every column and row once', () => {
    const columns = Array.from({ length: SIZE }, (_, x) => columnName(x)).join('');
    expect(columns).toBe('abcdefghijklmno');
    expect(Array.from({ length: SIZE }, (_, y) => rowName(y))).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('names every cell differently, each a letter a–o and a row 1–15', () => {
    const names = Array.from({ length: SIZE * SIZE }, (_, cell) => cellName(cell));
    expect(new Set(names).size).toBe(SIZE * SIZE);
    for (const name of names) expect(name).toMatch(/^[a-o](1[0-5]|[1-9])$/);
  });
});
