/** The Gomoku analysis in grammatical words (client/src/games/gomoku/analysis/words.ts). */
import { choiceSentence, plural, verdictWords } from '../../client/src/games/gomoku/analysis/words';
import { BLACK, WHITE } from '../../shared/games/gomoku/board';

describe('analysis words', () => {
  it('words a Swap 2 choice as a sentence with a verb, whatever was chosen', () => {
    expect(choiceSentence(3, 'place_more', 'white')).toBe('With 3 stones on the board, the player chose to place two more stones; the engine would rather play White');
    expect(choiceSentence(5, 'black', 'black')).toBe('With 5 stones on the board, the player chose to play Black; the engine agrees');
    // Never the old "two more stones was chosen".
    expect(choiceSentence(3, 'place_more', 'place_more')).not.toMatch(/was chosen|stones was/);
  });

  it('counts in the singular and the plural', () => {
    expect(plural(1, 'move')).toBe('1 move');
    expect(plural(3, 'move')).toBe('3 moves');
    const forced = (winner: number, moves: number) => verdictWords({ forced: { winner, moves }, blackChance: 1, line: [] } as never);
    expect(forced(BLACK, 1)).toBe('Black wins by force in 1 move');
    expect(forced(WHITE, 3)).toBe('White wins by force in 3 moves');
    expect(forced(WHITE, 0)).toBe('White has won');
  });
});
