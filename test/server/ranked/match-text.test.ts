import { matchAsText } from '../../../server/ranked/match-text';
import type { MatchRecord } from '../../../server/stores/records';

const cell = (x: number, y: number) => y * 15 + x;

const match: MatchRecord = {
  id: 'm1',
  bestOf: 1,
  players: [{ id: 'ada', name: 'Ada' }, { id: 'bo', name: 'Bo' }],
  status: 'finished',
  winner: 'ada',
  startedAt: 0,
  endedAt: 1,
  games: [{
    n: 1,
    black: 'ada',
    white: 'bo',
    swap2: [
      { playerId: 'ada', action: { type: 'place', x: 7, y: 7 } },
      { playerId: 'ada', action: { type: 'place', x: 0, y: 0 } },
      { playerId: 'ada', action: { type: 'place', x: 14, y: 14 } },
      { playerId: 'bo', action: { type: 'choice', choice: 'place_more' } },
      { playerId: 'bo', action: { type: 'place', x: 0, y: 14 } },
      { playerId: 'bo', action: { type: 'place', x: 14, y: 0 } },
      { playerId: 'ada', action: { type: 'choice', choice: 'black' } },
    ],
    moves: [cell(7, 7), cell(0, 0), cell(14, 14), cell(0, 14), cell(14, 0), cell(8, 7)],
    winner: 'ada',
    reason: 'five',
    rated: true,
    changes: {},
  }],
};

describe('a ranked match as text', () => {
  const text = matchAsText(match);

  it('writes every stone in standard notation: h8 the centre, a15 the top-left, o1 the bottom-right', () => {
    expect(text).toContain('Moves: 1.h8 2.a15 3.o1 4.a1 5.o15 6.i8');
  });

  it('writes the Swap 2 opening in words, with who did what', () => {
    expect(text).toContain('Opening: Ada places h8; Ada places a15; Ada places o1; Bo chooses to place two more; Bo places a1; Bo places o15; Ada chooses black');
    expect(text).not.toMatch(/\bchoice\b/);
  });

  it('names the players by colour and the result', () => {
    expect(text).toContain('Game 1: Black Ada, White Bo');
    expect(text).toContain('[Result "Ada wins"]');
    expect(text).toContain('Result: Ada wins (five)');
  });
});

describe('an unrated game as text', () => {
  it('says why it was unrated, in the words the players were shown, and just "unrated" for a record from before the reason was kept', () => {
    const why = 'the loser made 2 moves of their own: a decisive game counts once the loser has made 5';
    const unrated = { ...match, games: [{ ...match.games[0], rated: false, unrated: why }, { ...match.games[0], n: 2, rated: false }] };
    const text = matchAsText(unrated);
    expect(text).toContain(`Game 1: Black Ada, White Bo (unrated: ${why})`);
    expect(text).toContain('Game 2: Black Ada, White Bo (unrated)');
  });
});
