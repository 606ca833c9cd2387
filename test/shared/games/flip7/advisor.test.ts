import fc from 'fast-check';
import { Mulberry32 } from '../../../../shared/core/rng';
import { BOLD, CAUTIOUS, applyAction, botAction, bustRisk, newGame, tableView, type BotStrategy, type Flip7State } from '../../../../shared/games/flip7';
import { replay } from '../../../support/flip7-replay';

describe('strategy advisor', () => {
  it('prices a hit from the cards not yet seen', () => {
    const { state } = replay({ top: ['12', '5', '7'] });
    // Ari holds a 12; seen: 12, 5, 7 → unseen 91 cards of which 11 are 12s.
    expect(bustRisk(tableView(state), 1)).toBeCloseTo(11 / 91, 10);
    // Dana's 7: six 7s unseen.
    expect(bustRisk(tableView(state), 0)).toBeCloseTo(6 / 91, 10);
  });

  it('a Second Chance makes the next card safe', () => {
    const { state } = replay({ top: ['second_chance', '5', '7', '9'], actions: [[1, { type: 'hit' }]] });
    expect(bustRisk(tableView(state), 1)).toBe(0);
  });

  it('the table view a bot gets holds no deck order', () => {
    const { state } = replay({ top: ['12', '5', '7'] });
    expect(Object.keys(tableView(state))).not.toContain('deck');
  });
});

function botGame(players: number, seed: number, strategies: BotStrategy[]): Flip7State {
  const rng = new Mulberry32(seed);
  let state = newGame({ names: strategies.slice(0, players).map((s) => s.name) }, rng).state;
  for (let step = 0; step < 20000 && state.phase !== 'game_over'; step++) {
    if (state.phase === 'round_over') {
      state = (applyAction(state, 0, { type: 'next_round' }, rng) as { state: Flip7State }).state;
      continue;
    }
    const seat = state.pending ? state.pending.chooser : state.turn!;
    const action = botAction(state, seat, strategies[seat])!;
    const result = applyAction(state, seat, action, rng);
    if (!result.ok) throw new Error(`bot made an illegal move: ${result.code}`);
    state = result.state;
  }
  return state;
}

describe('bot personalities', () => {
  it('bots play whole games legally to a single winner (property, 100 runs)', () => {
    fc.assert(fc.property(fc.integer({ min: 3, max: 10 }), fc.integer(), (players, seed) => {
      const strategies = Array.from({ length: players }, (_, i) => (i % 2 ? BOLD : CAUTIOUS));
      expect(botGame(players, seed, strategies).phase).toBe('game_over');
    }), { numRuns: 100 });
  });

  it('cautious and bold decide differently: bold keeps hitting where cautious stays', () => {
    const { state } = replay({ top: ['12', '11', '10', '6'], actions: [[1, { type: 'hit' }]] });
    // Ari holds 12 and 6: risk (11 + 5) / 90 ≈ 0.18, hand 18.
    expect(CAUTIOUS.hitOrStay(tableView(state), 1)).toBe('hit');
    const risky = replay({ top: ['12', '11', '10', '11', '8', '9', '10'], actions: [[1, { type: 'hit' }], [2, { type: 'hit' }], [0, { type: 'hit' }]] }).state;
    // Bo holds 11, 8: risk (9 + 7) / 87; Ari 12, 11: risk (11 + 9) / 87 ≈ 0.23.
    expect(CAUTIOUS.hitOrStay(tableView(risky), 1)).toBe('stay');
    expect(BOLD.hitOrStay(tableView(risky), 1)).toBe('hit');
  });
});
