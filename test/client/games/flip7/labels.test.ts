/** The Flip 7 table's waiting and rematch lines. */
import { rematchText, waitingText } from '../../../../client/src/games/flip7/labels';

describe('Flip 7 table lines', () => {
  it('says how many are seated, of how many seats, and what the start needs', () => {
    expect(waitingText(4, 8, null)).toBe('4 of 8 seated — start when ready (needs 3)');
    expect(waitingText(4, 8, 'Ana')).toBe('4 of 8 seated — waiting for Ana to start');
    expect(waitingText(2, 8, null)).toBe('2 of 8 seated — needs 3 to start');
    expect(waitingText(1, 5, 'Ana')).toBe('1 of 5 seated — needs 3 to start');
  });

  it('names who asked for a rematch and who it waits for', () => {
    expect(rematchText([], ['Ana', 'Bo'])).toBe('');
    expect(rematchText(['Ana'], ['Bo'])).toBe('Rematch asked by Ana — waiting for Bo');
    expect(rematchText(['Ana', 'Bo'], ['Cy', 'Di', 'Ed'])).toBe('Rematch asked by Ana and Bo — waiting for Cy, Di and Ed');
    expect(rematchText(['Ana', 'Bo'], [])).toBe('Rematch: Ana and Bo asked — setting up the table…');
  });
});
