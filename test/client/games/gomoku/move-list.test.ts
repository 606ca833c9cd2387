import { cellsFromMoves } from '../../../../shared/games/gomoku/swap2';
import { moveEntries, openingChoices, stoneWords, type Colour, type OpeningFacts } from '../../../../client/src/games/gomoku/move-list';

const at = (x: number, y: number) => y * 15 + x;
const colours = (s1: Colour | null, s2: Colour | null) => (seat: 1 | 2) => (seat === 1 ? s1 : s2);
const facts = (f: Partial<OpeningFacts>): OpeningFacts => ({ swap2: true, phase: 'main_game', stones: 0, turn: 0, endReason: '', colourOfSeat: colours(null, null), ...f });

describe('the Swap 2 choices, read from the synced state', () => {
  it('none while the first three stones go down', () => {
    expect(openingChoices(facts({ phase: 'swap2_placement', stones: 2, turn: 2 }))).toEqual([]);
    expect(openingChoices(facts({ phase: 'swap2_choice', stones: 3, turn: 3 }))).toEqual([]);
  });

  it('a colour chosen at once: seat 2 takes the colour it plays', () => {
    expect(openingChoices(facts({ stones: 3, turn: 4, colourOfSeat: colours('black', 'white') }))).toEqual([{ seat: 2, choice: 'white', stones: 3 }]);
    expect(openingChoices(facts({ stones: 6, turn: 7, colourOfSeat: colours('white', 'black') }))).toEqual([{ seat: 2, choice: 'black', stones: 3 }]);
  });

  it('two more placed, then seat 1 chooses; also told apart from a direct choice with as many stones', () => {
    expect(openingChoices(facts({ phase: 'swap2_extra', stones: 4, turn: 5 }))).toEqual([{ seat: 2, choice: 'place_more', stones: 3 }]);
    const both = openingChoices(facts({ stones: 6, turn: 8, colourOfSeat: colours('black', 'white') }));
    expect(both).toEqual([{ seat: 2, choice: 'place_more', stones: 3 }, { seat: 1, choice: 'black', stones: 5 }]);
  });

  it('a resignation or a forfeit counts a turn; a five does not', () => {
    expect(openingChoices(facts({ phase: 'game_over', endReason: 'resigned', stones: 3, turn: 4 }))).toEqual([]);
    expect(openingChoices(facts({ phase: 'game_over', endReason: 'left', stones: 3, turn: 4 }))).toEqual([]);
    // `time`: the per-move clock, or a Fischer flag that fell during the opening (stone 4 on the way).
    expect(openingChoices(facts({ phase: 'game_over', endReason: 'time', stones: 9, turn: 11, colourOfSeat: colours('white', 'black') }))).toEqual([{ seat: 2, choice: 'black', stones: 3 }]);
    expect(openingChoices(facts({ phase: 'game_over', endReason: 'time', stones: 3, turn: 4 }))).toEqual([]);
    expect(openingChoices(facts({ phase: 'game_over', endReason: 'five', stones: 9, turn: 10, colourOfSeat: colours('white', 'black') }))).toEqual([{ seat: 2, choice: 'black', stones: 3 }]);
  });

  it('no choices without Swap 2', () => {
    expect(openingChoices(facts({ swap2: false, stones: 4, turn: 5 }))).toEqual([]);
  });
});

describe('the move list', () => {
  const moves = [at(7, 7), at(8, 7), at(9, 9), at(0, 14), at(14, 0), at(7, 8)];

  it('numbers every stone as it is drawn, in notation, with the choices in words where they were made', () => {
    const list = moveEntries(moves, [{ seat: 2, choice: 'place_more', stones: 3 }, { seat: 1, choice: 'black', stones: 5 }]);
    expect(list.map((e) => (e.kind === 'stone' ? `${e.n}.${e.point}${e.opening ? '*' : ''}` : `${e.seat} ${e.words}`))).toEqual([
      '1.h8*', '2.i8*', '3.j6*', '2 chose to place two more', '4.a1*', '5.o15*', '1 chose Black', '6.h7',
    ]);
    expect(list.map((e) => e.step)).toEqual([1, 2, 3, 3, 4, 5, 5, 6]);
  });

  it('after a direct choice, stones 4 and 5 are main-game moves, numbered on', () => {
    const list = moveEntries(moves.slice(0, 5), [{ seat: 2, choice: 'white', stones: 3 }]);
    expect(list[3]).toMatchObject({ kind: 'choice', words: 'chose White' });
    expect(list.slice(4)).toEqual([
      expect.objectContaining({ n: 4, colour: 'white', opening: false, point: 'a1' }),
      expect.objectContaining({ n: 5, colour: 'black', opening: false, point: 'o15' }),
    ]);
  });

  it('the board after k stones, and words for a stone', () => {
    const board = cellsFromMoves(moves, 2); // the position a reviewer looks at after 2 stones
    expect([board[at(7, 7)], board[at(8, 7)], board[at(9, 9)]]).toEqual([1, 2, 0]);
    expect(board.filter(Boolean)).toHaveLength(2);
    expect(stoneWords(1, at(7, 7))).toBe('Black h8');
    expect(stoneWords(4, at(0, 14))).toBe('White a1');
  });
});
