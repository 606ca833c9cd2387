/** Rulebook and FAQ cases (RULES-RESEARCH.md §1), replayed from stacked decks. Seats: 0 Dana (dealer), 1 Ari, 2 Bo. */
import { allCards, applyAction, seatToAct } from '../../../shared/flip7';
import { KEEP_ORDER } from '../../../shared/flip7';
import { hit, replay, stay, target } from '../../support/flip7-replay';

describe('deal and turns (§1.3)', () => {
  it('the dealer deals from their left, ending with themselves; the player left of the dealer goes first', () => {
    const { state, events } = replay({ top: ['5', '6', '7'] });
    expect(events.filter((e) => e.type === 'drew').map((e) => (e as { seat: number }).seat)).toEqual([1, 2, 0]);
    expect(state.players.map((p) => p.cards)).toEqual([['7'], ['5'], ['6']]);
    expect(seatToAct(state)).toBe(1);
  });

  it('Stay needs at least one card; a stayed player is skipped', () => {
    const { state } = replay({ top: ['5', '6', '7', '8'], actions: [[1, stay], [2, hit]] });
    expect(state.players[1].status).toBe('stayed');
    expect(state.players[2].cards).toEqual(['6', '8']);
    expect(state.turn).toBe(0);
  });

  it('a Freeze dealt in the deal may target a player not yet dealt, who then gets no card (C Case 2)', () => {
    const { state } = replay({ top: ['freeze', '6', '7'], actions: [[1, target(0)]] });
    expect(state.players[0]).toMatchObject({ status: 'frozen', cards: ['freeze'] });
    expect(state.players[2].cards).toEqual(['6']);
    expect(state.players[1].cards).toEqual([]);
    // Ari holds no card, so Ari must hit.
    expect(applyAction(state, 1, stay, KEEP_ORDER)).toMatchObject({ ok: false, code: 'no_cards' });
  });
});

describe('bust, Second Chance, Flip 7 (§1.4, §1.5)', () => {
  it('a duplicate number busts; the bust scores 0 and the cards stay in front', () => {
    const { state, events } = replay({ top: ['5', '6', '7', '5'], actions: [[1, hit]] });
    expect(state.players[1]).toMatchObject({ status: 'busted', cards: ['5', '5'] });
    expect(events.some((e) => e.type === 'busted')).toBe(true);
    expect(state.turn).toBe(2);
  });

  it('Second Chance discards itself and the duplicate, the player stays in, and the turn ends (C Case 5)', () => {
    const { state, events } = replay({ top: ['second_chance', '6', '7', '3', '9', '8', '3'], actions: [[1, hit], [2, hit], [0, hit], [1, hit]] });
    expect(state.players[1]).toMatchObject({ status: 'active', cards: ['3'] });
    expect(events.some((e) => e.type === 'second_chance_used')).toBe(true);
    expect(state.discard).toEqual(['second_chance', '3']);
    expect(state.turn).toBe(2);
  });

  it('a second Second Chance goes to an active player without one; with one candidate it is given at once', () => {
    // Ari holds one; Bo has one too; Dana has none → Dana gets it without a choice.
    const { state, events } = replay({ top: ['second_chance', 'second_chance', '7', 'second_chance'], actions: [[1, hit]] });
    expect(state.players[0].cards).toContain('second_chance');
    expect(state.pending).toBeNull();
    expect(events).toContainEqual({ type: 'second_chance_given', from: 1, to: 0 });
  });

  it('seven different numbers (0 counts) end the round at once for everyone with +15 (§1.4)', () => {
    const { state, events } = replay({
      top: ['0', '12', '11', '1', '9', '2', '10', '3', '8', '4', '7', '5', '+4', '6'],
      actions: [[1, hit], [2, stay], [0, hit], [1, hit], [0, hit], [1, hit], [0, hit], [1, hit], [0, hit], [1, hit], [0, hit], [1, hit]],
    });
    expect(events).toContainEqual({ type: 'flip7', seat: 1 });
    expect(state.phase).toBe('round_over');
    expect(state.players[1].cards).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(state.players[1].roundScore).toBe(21 + 15);
    // Dana was still active: the round ends for her too and she banks 11+9+10+8+7 +4.
    expect(state.players[0]).toMatchObject({ status: 'active', roundScore: 49 });
    expect(state.players[2].roundScore).toBe(12);
  });
});

describe('Freeze and Flip Three (§1.5)', () => {
  it('Freeze: the target banks what they have and is out; self-freeze is allowed', () => {
    const { state } = replay({ top: ['5', '6', '7', 'freeze'], actions: [[1, hit], [1, target(1)]] });
    expect(state.players[1]).toMatchObject({ status: 'frozen', cards: ['5', 'freeze'] });
    expect(state.turn).toBe(2);
  });

  it('the only active player must target themselves: no choice is asked', () => {
    const { state, events } = replay({ top: ['5', '6', '7', 'freeze'], actions: [[1, stay], [2, stay], [0, hit]] });
    expect(events).toContainEqual({ type: 'frozen', seat: 0, by: 0 });
    expect(state.phase).toBe('round_over');
    expect(state.players[0]).toMatchObject({ status: 'frozen', cards: ['7', 'freeze'], roundScore: 7 });
  });

  it('Flip Three: three cards one by one; a Freeze drawn meanwhile is set aside and assigned after (C Cases 14-16)', () => {
    const { state, events } = replay({
      top: ['5', '6', '7', 'flip_three', '1', 'freeze', '2'],
      actions: [[1, hit], [1, target(2)]],
    });
    expect(state.players[2].cards).toEqual(['6', '1', '2']);
    expect(events).toContainEqual({ type: 'set_aside', seat: 2, card: 'freeze' });
    // Bo, the Flip Three target, assigns the Freeze.
    expect(state.pending).toMatchObject({ chooser: 2, kind: 'freeze', source: 'assign' });
    const next = applyAction(state, 2, target(0), KEEP_ORDER);
    expect(next.ok && next.state.players[0].status).toBe('frozen');
    // Turn order continues after the player who drew the Flip Three (Ari → Bo), not after the target (C Case 19).
    expect(next.ok && next.state.turn).toBe(2);
  });

  it('set-aside cards are discarded when the Flip Three target busts', () => {
    const { state } = replay({ top: ['5', '6', '7', 'flip_three', 'freeze', '6'], actions: [[1, hit], [1, target(2)]] });
    expect(state.players[2].status).toBe('busted');
    expect(state.pending).toBeNull();
    expect(state.discard).toEqual(expect.arrayContaining(['freeze', 'flip_three']));
  });

  it('a Freeze then a Flip Three assigned to one player: frozen, and the Flip Three is discarded (sub-case a)', () => {
    const { state } = replay({
      top: ['5', '6', '7', 'flip_three', 'freeze', 'flip_three', '3'],
      actions: [[1, hit], [1, target(1)], [1, target(0)], [1, target(0)]],
    });
    expect(state.players[0].status).toBe('frozen');
    expect(state.players[0].cards).toEqual(['7', 'freeze']);
    expect(state.discard.filter((c) => c === 'flip_three')).toHaveLength(2);
    expect(allCards(state)).toHaveLength(94);
  });

  it('a Second Chance drawn during a Flip Three is kept at once and can save a later duplicate (C Cases 22-24)', () => {
    const { state, events } = replay({ top: ['5', '6', '7', 'flip_three', 'second_chance', '5'], actions: [[1, hit], [1, target(1)]] });
    expect(events.some((e) => e.type === 'second_chance_used')).toBe(true);
    expect(state.players[1].status).toBe('active');
  });
});

describe('round end and winning (§1.8, §1.9)', () => {
  it('the dealer passes left and cards in front go to the discards, not back into the deck', () => {
    const { state } = replay({ top: ['5', '6', '7'], actions: [[1, stay], [2, stay], [0, stay], [0, { type: 'next_round' }]] });
    expect(state.round).toBe(2);
    expect(state.dealer).toBe(1);
    expect(state.discard).toEqual(['7', '5', '6']);
    expect(state.turn).toBe(2);
  });
});
