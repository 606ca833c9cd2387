/** The Flip 7 log in words: every kind of entry reads as players say it, never as a card code. */
import { LOG_KINDS, logEntries, type Flip7LogEntry } from '../../../../shared/games/flip7';
import { cardName, logWords } from '../../../../client/src/games/flip7/log-words';
import { playRandomGame } from '../../../support/flip7-play';

const names = ['Ana', 'Bo', 'Cy'];
const nameOf = (seat: number) => names[seat] ?? '—';
const say = (entry: Flip7LogEntry) => logWords(entry, nameOf);

describe('the Flip 7 log in words', () => {
  it('names cards as the game does', () => {
    expect(cardName('7')).toBe('7');
    expect(cardName('+10')).toBe('+10');
    expect(cardName('x2')).toBe('×2');
    expect(cardName('freeze')).toBe('Freeze');
    expect(cardName('flip_three')).toBe('Flip Three');
    expect(cardName('second_chance')).toBe('Second Chance');
  });

  it('words draws: numbers and modifiers bare, action cards with an article', () => {
    expect(say({ kind: 'drew', seat: 0, card: '7', cause: 'hit' })).toBe('Ana drew 7');
    expect(say({ kind: 'drew', seat: 1, card: 'x2', cause: 'deal' })).toBe('Bo drew ×2');
    expect(say({ kind: 'drew', seat: 1, card: '+10', cause: 'hit' })).toBe('Bo drew +10');
    expect(say({ kind: 'drew', seat: 2, card: 'flip_three', cause: 'hit' })).toBe('Cy drew a Flip Three');
    expect(say({ kind: 'drew', seat: 2, card: 'second_chance', cause: 'deal' })).toBe('Cy drew a Second Chance');
    expect(say({ kind: 'drew', seat: 0, card: '3', cause: 'flip_three' })).toBe('Ana drew 3 (Flip Three)');
  });

  it('words what action cards do, naming who chose', () => {
    expect(say({ kind: 'frozen', seat: 1, by: 0 })).toBe('Ana froze Bo');
    expect(say({ kind: 'frozen', seat: 1, by: 1 })).toBe('Freeze on Bo');
    expect(say({ kind: 'flip_three', seat: 2, by: 0 })).toBe('Ana gave Cy a Flip Three');
    expect(say({ kind: 'flip_three', seat: 2, by: 2 })).toBe('Flip Three on Cy');
    expect(say({ kind: 'second_chance', seat: 2, by: 1 })).toBe('Bo gave a Second Chance to Cy');
    expect(say({ kind: 'saved', seat: 0, card: '7' })).toBe('Second Chance saved Ana from a second 7');
    expect(say({ kind: 'set_aside', seat: 0, card: 'freeze' })).toBe('Ana set a Freeze aside until the Flip Three is done');
  });

  it('words the ends of hands, rounds and the game', () => {
    expect(say({ kind: 'busted', seat: 0, card: '9' })).toBe('Ana busted on a second 9');
    expect(say({ kind: 'stayed', seat: 1, score: 23 })).toBe('Bo stayed with 23');
    expect(say({ kind: 'flip7', seat: 2, score: 61 })).toBe('Cy flipped 7! 61 with the +15 bonus');
    expect(say({ kind: 'round', round: 2, seat: 1 })).toBe('Round 2 — Bo deals');
    expect(say({ kind: 'reshuffled', count: 30 })).toBe('The deck ran out: 30 discards shuffled into a new deck');
    expect(say({ kind: 'round_over', round: 2, scores: [23, 0, 12], totals: [40, 18, 12] })).toBe('Round 2 scores: Ana +23 (40), Bo +0 (18), Cy +12 (12)');
    expect(say({ kind: 'game_over', seat: 0, score: 204 })).toBe('Ana wins the game with 204');
  });

  it('never shows a raw card code in any entry of whole random games', () => {
    const seen = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5]) {
      const { events } = playRandomGame(3, seed, 3000);
      events.forEach((step) => {
        for (const entry of logEntries(step)) {
          seen.add(entry.kind);
          const line = say(entry);
          expect(line).not.toMatch(/\bx2\b|flip_three|second_chance|\bfreeze\b|undefined|NaN/);
        }
      });
    }
    // The games above reached every kind the log has, but perhaps a reshuffle.
    expect([...LOG_KINDS].filter((k) => !seen.has(k) && k !== 'reshuffled')).toEqual([]);
  });
});
