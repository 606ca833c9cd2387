import { buildDeck, scoreHand, type Card } from '../../../../shared/games/flip7';

describe('Flip 7 deck', () => {
  it('has 94 cards: 79 numbers, 6 modifiers, 9 actions', () => {
    const deck = buildDeck();
    expect(deck).toHaveLength(94);
    expect(deck.filter((c) => /^\d+$/.test(c))).toHaveLength(79);
    expect(deck.filter((c) => c === '12')).toHaveLength(12);
    expect(deck.filter((c) => c === '0')).toHaveLength(1);
    expect(deck.filter((c) => c.startsWith('+') || c === 'x2')).toHaveLength(6);
    expect(deck.filter((c) => ['freeze', 'flip_three', 'second_chance'].includes(c))).toHaveLength(9);
    expect(buildDeck(2)).toHaveLength(188);
  });
});

describe('round scoring: every worked example of RULES-RESEARCH.md §1.7', () => {
  it.each<[string, Card[], number]>([
    ['R p.5', ['11', '5', '12'], 28],
    ['R p.5 with +4', ['11', '5', '12', '+4'], 32],
    ['R p.10', ['3', '11', '5', '7', '10'], 36],
    ['R p.10 with x2', ['3', '11', '5', '7', '10', 'x2'], 72],
    ['R p.10 with +10', ['3', '11', '5', '7', '10', '+10'], 46],
    ['R p.8', ['3', '11', '5', '7', '10', '+10', 'x2'], 82],
    ['R p.11 Flip 7', ['3', '11', '5', '7', '10', '9', '4'], 64],
    ['C Case 10', ['7', '11', '+8', 'x2'], 44],
    ['official FAQ (jwr42 O01)', ['12', '11', '10', '9', '8', '7', '6', '+10', 'x2'], 151],
    ['C Case 11: modifiers only', ['+2', '+6', 'x2'], 8],
    ['x2 alone', ['x2'], 0],
    ['the 0 counts toward Flip 7', ['0', '1', '2', '3', '4', '5', '6'], 36],
  ])('%s → %i', (_, cards, expected) => {
    expect(scoreHand(cards)).toBe(expected);
  });

  it('a bust scores 0 whatever the modifiers', () => {
    expect(scoreHand(['12', '11', '+10', 'x2', '12'], true)).toBe(0);
  });
});
