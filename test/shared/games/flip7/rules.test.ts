/** Rulebook and FAQ cases (RULES-RESEARCH.md §1), replayed from stacked decks. Seats: 0 Dana (dealer), 1 Ari, 2 Bo. */
import { CAUTIOUS, allCards, applyAction, botAction, seatToAct, setAsideCount, timeoutAction, type Flip7Action, type Flip7Event } from '../../../../shared/games/flip7';
import { KEEP_ORDER } from '../../../../shared/games/flip7';
import { hit, replay, stay, target } from '../../../support/flip7-replay';

const dealDraws = (events: readonly Flip7Event[]) => events.filter((e) => e.kind === 'drew' && e.cause === 'deal').map((e) => (e as { seat: number }).seat);

describe('deal and turns (§1.3)', () => {
  it('the dealer deals from their left, ending with themselves; the player left of the dealer goes first', () => {
    const { state, events } = replay({ top: ['5', '6', '7'] });
    expect(events.filter((e) => e.kind === 'drew').map((e) => (e as { seat: number }).seat)).toEqual([1, 2, 0]);
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

describe('a player who holds cards when the deal reaches them is asked Hit or Stay (§1.3, C Case 18)', () => {
  // C Case 18: "you got assigned a Flip 3 card by another player before you even got dealt your initial card by the
  // dealer. You did not go bust in the Flip 3 process. When the initial deal resumes and the dealer reaches you, must you
  // automatically be dealt an additional card …? … the dealer should instead ask you, 'Hit or stay?'"
  // Ari (dealt first) is dealt a Flip Three and gives it to Bo, who flips 5, 6, 7 before the deal reaches him.
  const flipThreeOnBo = ['flip_three', '5', '6', '7'] as const;

  it('C Case 18: the deal stops at Bo, who got cards from a Flip Three, and asks him Hit or Stay instead of dealing him a card', () => {
    const { state, events } = replay({ top: [...flipThreeOnBo, '8', '9'], actions: [[1, target(2)]] });
    expect(state.players[2]).toMatchObject({ status: 'active', cards: ['5', '6', '7'] });
    // The same decision as on a turn: Bo is the seat to act, with nothing pending, and may Stay (he has cards).
    expect(state.pending).toBeNull();
    expect(state.turn).toBe(2);
    expect(seatToAct(state)).toBe(2);
    // Nobody was dealt a card after Ari: the deal waits for Bo's answer (Dana's card is still on the deck).
    expect(dealDraws(events)).toEqual([1]);
    expect(state.deck.slice(0, 2)).toEqual(['8', '9']);
    expect(applyAction(state, 1, hit, KEEP_ORDER)).toMatchObject({ ok: false, code: 'not_your_turn' });
    expect(applyAction(state, 0, hit, KEEP_ORDER)).toMatchObject({ ok: false, code: 'not_your_turn' });
  });

  it('C Case 18: Bo says Stay — he banks 5+6+7, the deal goes on to Dana, and Ari (left of the dealer) still plays first', () => {
    const { state, events } = replay({ top: [...flipThreeOnBo, '8', '9'], actions: [[1, target(2)], [2, stay]] });
    expect(state.players[2]).toMatchObject({ status: 'stayed', cards: ['5', '6', '7'] });
    expect(events).toContainEqual({ kind: 'stayed', seat: 2, score: 18 });
    expect(state.players[0].cards).toEqual(['8']);
    expect(dealDraws(events)).toEqual([1, 0]);
    // Turn order after the deal is unchanged: Ari, who holds no card, must hit.
    expect(state.turn).toBe(1);
    expect(applyAction(state, 1, stay, KEEP_ORDER)).toMatchObject({ ok: false, code: 'no_cards' });
    // Ari hits; Bo has stayed, so Dana is next.
    const next = applyAction(state, 1, hit, KEEP_ORDER);
    expect(next.ok && next.state.turn).toBe(0);
  });

  it('C Case 18: Bo says Hit — he takes one card by choice, the deal goes on to Dana, and Bo is asked again on his own turn', () => {
    const { state, events } = replay({ top: [...flipThreeOnBo, '8', '9', '10'], actions: [[1, target(2)], [2, hit]] });
    expect(state.players[2].cards).toEqual(['5', '6', '7', '8']);
    expect(events).toContainEqual({ kind: 'drew', seat: 2, card: '8', cause: 'hit' });
    expect(state.players[0].cards).toEqual(['9']);
    expect(dealDraws(events)).toEqual([1, 0]);
    expect(state.turn).toBe(1);
    const afterAri = applyAction(state, 1, hit, KEEP_ORDER);
    expect(afterAri.ok && afterAri.state.players[1].cards).toEqual(['10']);
    expect(afterAri.ok && afterAri.state.turn).toBe(2);
  });

  it('C Case 18: a Hit in the deal can bust like any Hit; the deal then goes on without Bo', () => {
    const { state, events } = replay({ top: [...flipThreeOnBo, '5', '9'], actions: [[1, target(2)], [2, hit]] });
    expect(state.players[2]).toMatchObject({ status: 'busted', cards: ['5', '6', '7', '5'] });
    expect(events).toContainEqual({ kind: 'busted', seat: 2, card: '5' });
    expect(state.players[0].cards).toEqual(['9']);
    expect(state.turn).toBe(1);
  });

  it('C Case 18: the dealer, given the Flip Three, is asked last in the deal; her Stay ends the deal and Ari plays first', () => {
    const { state: asked } = replay({ top: [...flipThreeOnBo, '8'], actions: [[1, target(0)]] });
    expect(asked.players[0].cards).toEqual(['5', '6', '7']);
    expect(asked.players[2].cards).toEqual(['8']);
    expect(seatToAct(asked)).toBe(0);
    const { state } = replay({ top: [...flipThreeOnBo, '8'], actions: [[1, target(0)], [0, stay]] });
    expect(state.players[0].status).toBe('stayed');
    expect(state.turn).toBe(1);
  });

  it('a player frozen by a card set aside in that Flip Three is out, so the deal does not ask them (C Cases 2, 15, 18)', () => {
    // Bo flips 5, Freeze (set aside), 6, freezes himself; the deal passes him and deals Dana.
    const { state, events } = replay({ top: ['flip_three', '5', 'freeze', '6', '8'], actions: [[1, target(2)], [2, target(2)]] });
    expect(state.players[2]).toMatchObject({ status: 'frozen', cards: ['5', '6', 'freeze'] });
    expect(state.players[0].cards).toEqual(['8']);
    expect(dealDraws(events)).toEqual([1, 0]);
    expect(state.turn).toBe(1);
  });

  it('a player who busted in that Flip Three is not asked either', () => {
    const { state } = replay({ top: ['flip_three', '5', '5', '8'], actions: [[1, target(2)]] });
    expect(state.players[2].status).toBe('busted');
    expect(state.players[0].cards).toEqual(['8']);
    expect(state.turn).toBe(1);
  });

  it('the turn clock and a bot answer the question in the deal like any Hit or Stay', () => {
    const { state } = replay({ top: [...flipThreeOnBo, '8'], actions: [[1, target(2)]] });
    // The server's clock stays for a player who holds cards.
    expect(timeoutAction(state, KEEP_ORDER)).toEqual(stay);
    const bot = botAction(state, 2, CAUTIOUS);
    expect(bot === null ? null : bot.type).toMatch(/^(hit|stay)$/);
    expect(applyAction(state, 2, bot!, KEEP_ORDER).ok).toBe(true);
    expect(botAction(state, 0, CAUTIOUS)).toBeNull();
    expect(botAction(state, 1, CAUTIOUS)).toBeNull();
  });
});

describe('bust, Second Chance, Flip 7 (§1.4, §1.5)', () => {
  it('a duplicate number busts; the bust scores 0 and the cards stay in front', () => {
    const { state, events } = replay({ top: ['5', '6', '7', '5'], actions: [[1, hit]] });
    expect(state.players[1]).toMatchObject({ status: 'busted', cards: ['5', '5'] });
    expect(events.some((e) => e.kind === 'busted')).toBe(true);
    expect(state.turn).toBe(2);
  });

  it('Second Chance discards itself and the duplicate, the player stays in, and the turn ends (C Case 5)', () => {
    const { state, events } = replay({ top: ['second_chance', '6', '7', '3', '9', '8', '3'], actions: [[1, hit], [2, hit], [0, hit], [1, hit]] });
    expect(state.players[1]).toMatchObject({ status: 'active', cards: ['3'] });
    expect(events.some((e) => e.kind === 'saved')).toBe(true);
    expect(state.discard).toEqual(['second_chance', '3']);
    expect(state.turn).toBe(2);
  });

  it('a second Second Chance goes to an active player without one; with one candidate it is given at once', () => {
    // Ari holds one; Bo has one too; Dana has none → Dana gets it without a choice.
    const { state, events } = replay({ top: ['second_chance', 'second_chance', '7', 'second_chance'], actions: [[1, hit]] });
    expect(state.players[0].cards).toContain('second_chance');
    expect(state.pending).toBeNull();
    expect(events).toContainEqual({ kind: 'second_chance', seat: 0, by: 1 });
  });

  it('seven different numbers (0 counts) end the round at once for everyone with +15 (§1.4)', () => {
    const { state, events } = replay({
      top: ['0', '12', '11', '1', '9', '2', '10', '3', '8', '4', '7', '5', '+4', '6'],
      actions: [[1, hit], [2, stay], [0, hit], [1, hit], [0, hit], [1, hit], [0, hit], [1, hit], [0, hit], [1, hit], [0, hit], [1, hit]],
    });
    expect(events).toContainEqual({ kind: 'flip7', seat: 1, score: 36 });
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
    expect(events).toContainEqual({ kind: 'frozen', seat: 0, by: 0 });
    expect(state.phase).toBe('round_over');
    expect(state.players[0]).toMatchObject({ status: 'frozen', cards: ['7', 'freeze'], roundScore: 7 });
  });

  it('Flip Three: three cards one by one; a Freeze drawn meanwhile is set aside and assigned after (C Cases 14-16)', () => {
    const { state, events } = replay({
      top: ['5', '6', '7', 'flip_three', '1', 'freeze', '2'],
      actions: [[1, hit], [1, target(2)]],
    });
    expect(state.players[2].cards).toEqual(['6', '1', '2']);
    expect(events).toContainEqual({ kind: 'set_aside', seat: 2, card: 'freeze' });
    // Bo, the Flip Three target, assigns the Freeze.
    expect(state.pending).toMatchObject({ chooser: 2, card: 'freeze', source: 'assign' });
    const next = applyAction(state, 2, target(0), KEEP_ORDER);
    expect(next.ok && next.state.players[0].status).toBe('frozen');
    // Turn order continues after the player who drew the Flip Three (Ari → Bo), not after the target (C Case 19).
    expect(next.ok && next.state.turn).toBe(2);
  });

  it('set-aside cards are discarded when the Flip Three target busts, after the Flip Three itself (FAQ procedure steps 1 and 3)', () => {
    const { state } = replay({ top: ['5', '6', '7', 'flip_three', 'freeze', '6'], actions: [[1, hit], [1, target(2)]] });
    expect(state.players[2].status).toBe('busted');
    expect(state.pending).toBeNull();
    expect(state.discard).toEqual(['flip_three', 'freeze']);
  });

  it('C Cases 12, 15: the Flip Three stays out of the discards until the Freeze it set aside is assigned, then is discarded before the Freeze takes effect', () => {
    // FAQ procedure step 4: "assign these in the order they were flipped … Next, discard the original Flip 3 card; its
    // resolution is now complete. Assigned Freezes and Flip 3s then take effect sequentially."
    const { state, events } = replay({ top: ['5', '6', '7', 'flip_three', '1', 'freeze', '2'], actions: [[1, hit], [1, target(2)]] });
    expect(state.pending).toMatchObject({ chooser: 2, card: 'freeze', source: 'assign' });
    // Bo's three cards are flipped, but the Flip Three is not resolved while the Freeze waits for its owner.
    expect(state.discard).toEqual([]);
    expect(events.some((e) => e.kind === 'discarded')).toBe(false);
    expect(setAsideCount(state)).toBe(2); // the Flip Three and the Freeze
    expect(allCards(state)).toHaveLength(94);
    const next = applyAction(state, 2, target(0), KEEP_ORDER);
    if (!next.ok) throw new Error(next.code);
    expect(next.events.map((e) => e.kind)).toEqual(['discarded', 'frozen']);
    expect(next.events[0]).toEqual({ kind: 'discarded', card: 'flip_three', reason: 'flip three resolved' });
    expect(next.state.discard).toEqual(['flip_three']);
    expect(setAsideCount(next.state)).toBe(0);
  });

  it('C Cases 14, 16(c): a set-aside Flip Three is given an owner, then the first Flip Three is discarded, then the new one is flipped', () => {
    // Ari hits a Flip Three for Bo; Bo flips 1, a Flip Three (set aside), 2 and gives it to Dana, who flips
    // Second Chance, 7 (saved), 3. Discards in play order: Flip Three #1, the Second Chance and the 7, Flip Three #2.
    const top = ['5', '6', '7', 'flip_three', '1', 'flip_three', '2', 'second_chance', '7', '3'] as const;
    const { state: assigning } = replay({ top: [...top], actions: [[1, hit], [1, target(2)]] });
    expect(assigning.pending).toMatchObject({ chooser: 2, card: 'flip_three', source: 'assign' });
    expect(assigning.discard).toEqual([]);
    const { state, events } = replay({ top: [...top], actions: [[1, hit], [1, target(2)], [2, target(0)]] });
    const order = events.filter((e) => ['discarded', 'flip_three', 'drew', 'saved'].includes(e.kind)).slice(-9);
    expect(order).toEqual([
      { kind: 'discarded', card: 'flip_three', reason: 'flip three resolved' },
      { kind: 'flip_three', seat: 0, by: 2 },
      { kind: 'drew', seat: 0, card: 'second_chance', cause: 'flip_three' },
      { kind: 'drew', seat: 0, card: '7', cause: 'flip_three' },
      { kind: 'discarded', card: 'second_chance', reason: 'used' },
      { kind: 'discarded', card: '7', reason: 'duplicate saved by second chance' },
      { kind: 'saved', seat: 0, card: '7' },
      { kind: 'drew', seat: 0, card: '3', cause: 'flip_three' },
      { kind: 'discarded', card: 'flip_three', reason: 'flip three resolved' },
    ]);
    expect(state.discard).toEqual(['flip_three', 'second_chance', '7', 'flip_three']);
    expect(state.players[0].cards).toEqual(['7', '3']);
    // C Case 19: after the chain, the player after Ari (who drew Flip Three #1) is asked.
    expect(state.turn).toBe(2);
    expect(allCards(state)).toHaveLength(94);
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
    expect(events.some((e) => e.kind === 'saved')).toBe(true);
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

describe('chained Flip Threes: set-aside cards take effect in the order they were assigned (C Case 16)', () => {
  // C Case 16: "You assign the cards in the order in which they were flipped. … No assigned card takes effect until after
  // all the cards have been assigned. After all the cards have been assigned to their owners, they then take effect one
  // by one in sequence, in the order in which they were assigned." Sub-case (c) settles chains: a card assigned earlier
  // (C's Freeze) takes effect before one assigned later by another Flip Three's target (B's Flip Three #3 to C).
  const effects = (events: readonly Flip7Event[]) =>
    events.filter((e) => e.kind === 'frozen' || e.kind === 'flip_three' || (e.kind === 'discarded' && e.card === 'flip_three'));

  // Ari hits Flip Three #1 and gives it to Bo (player A); Bo flips Flip Three #2, a Freeze and a 1, gives #2 to Dana (B)
  // and the Freeze to Ari (C); Dana flips Flip Three #3, a 2 and a 3.
  const chain = ['5', '6', '7', 'flip_three', 'flip_three', 'freeze', '1', 'flip_three', '2', '3', '8', '9', '10'] as const;
  const bosChoices: [number, Flip7Action][] = [[1, hit], [1, target(2)], [2, target(0)], [2, target(1)]];

  it('C Case 16(c): while Dana assigns the Flip Three she set aside, the Freeze Bo gave Ari has not taken effect, so Ari may be given it', () => {
    const { state, events } = replay({ top: [...chain], actions: bosChoices });
    // Bo assigned in the order he flipped: Flip Three #2 first, then the Freeze; #2 took effect first (Dana flipped).
    expect(effects(events)).toEqual([
      { kind: 'flip_three', seat: 2, by: 1 },
      { kind: 'discarded', card: 'flip_three', reason: 'flip three resolved' },
      { kind: 'flip_three', seat: 0, by: 2 },
    ]);
    expect(state.players[0].cards).toEqual(['7', '2', '3']);
    expect(state.pending).toMatchObject({ chooser: 0, card: 'flip_three', source: 'assign' });
    expect(state.players[1]).toMatchObject({ status: 'active', cards: ['5'] });
    expect(state.pending!.targets).toContain(1);
    expect(allCards(state)).toHaveLength(94);
  });

  it('C Case 16(c): Bo gives a set-aside Flip Three to Dana and a Freeze to Ari; Dana gives the Flip Three she sets aside to Ari — the Freeze takes effect first, Ari is frozen and discards that Flip Three', () => {
    const { state, events } = replay({ top: [...chain], actions: [...bosChoices, [0, target(1)]] });
    // "After B assigns Flip 3 card #3 to C, B discards Flip 3 card #2 … Next, C's Freeze card takes effect, and – since C
    // is now frozen – C discards Flip 3 card #3."
    expect(effects(events).slice(-3)).toEqual([
      { kind: 'discarded', card: 'flip_three', reason: 'flip three resolved' },
      { kind: 'frozen', seat: 1, by: 2 },
      { kind: 'discarded', card: 'flip_three', reason: 'target already out of the round' },
    ]);
    expect(state.players[1]).toMatchObject({ status: 'frozen', cards: ['5', 'freeze'] });
    // Ari flipped nothing: the cards a Flip Three would have given him are still on the deck.
    expect(events.filter((e) => e.kind === 'drew' && e.seat === 1 && e.cause === 'flip_three')).toEqual([]);
    expect(state.deck.slice(0, 3)).toEqual(['8', '9', '10']);
    expect(state.discard).toEqual(['flip_three', 'flip_three', 'flip_three']);
    expect(state.pending).toBeNull();
    // C Case 19: the next turn goes to the player after Ari, who drew Flip Three #1.
    expect(state.turn).toBe(2);
    expect(setAsideCount(state)).toBe(0);
    expect(allCards(state)).toHaveLength(94);
  });

  it('C Cases 16(c), 17, 18: the same chain in the initial deal — Ari, dealt Flip Three #1, is frozen before Dana\'s Flip Three could reach him, and the deal then asks Bo Hit or Stay', () => {
    const top = ['flip_three', 'flip_three', 'freeze', '1', 'flip_three', '2', '3', '8', '9', '10'] as const;
    const { state, events } = replay({ top: [...top], actions: [[1, target(2)], [2, target(0)], [2, target(1)], [0, target(1)]] });
    expect(state.players[1]).toMatchObject({ status: 'frozen', cards: ['freeze'] });
    expect(effects(events).slice(-2)).toEqual([
      { kind: 'frozen', seat: 1, by: 2 },
      { kind: 'discarded', card: 'flip_three', reason: 'target already out of the round' },
    ]);
    expect(state.deck.slice(0, 3)).toEqual(['8', '9', '10']);
    // The deal resumes after the chain: Bo and Dana already hold cards, so each is asked Hit or Stay (C Case 18).
    expect(state.pending).toBeNull();
    expect(state.turn).toBe(2);
    const { state: after } = replay({ top: [...top], actions: [[1, target(2)], [2, target(0)], [2, target(1)], [0, target(1)], [2, stay]] });
    expect(after.turn).toBe(0);
    expect(allCards(after)).toHaveLength(94);
  });

  it('C Case 16(a), (c): Dana, assigned a Flip Three and then a Freeze, gives herself the Flip Three she sets aside — she is frozen first and discards it', () => {
    const top = ['5', '6', '7', 'flip_three', 'flip_three', 'freeze', '1', 'flip_three', '2', '3', '4', '8', '9'] as const;
    const { state, events } = replay({ top: [...top], actions: [[1, hit], [1, target(2)], [2, target(0)], [2, target(0)], [0, target(0)]] });
    expect(state.players[0]).toMatchObject({ status: 'frozen', cards: ['7', '2', '3', 'freeze'] });
    expect(effects(events).slice(-3)).toEqual([
      { kind: 'discarded', card: 'flip_three', reason: 'flip three resolved' },
      { kind: 'frozen', seat: 0, by: 2 },
      { kind: 'discarded', card: 'flip_three', reason: 'target already out of the round' },
    ]);
    expect(state.deck.slice(0, 3)).toEqual(['4', '8', '9']);
    expect(state.turn).toBe(2);
    expect(allCards(state)).toHaveLength(94);
  });

  it('C Case 16(b), (c): Dana, assigned two Flip Threes, gives herself a Freeze the first one set aside — she must still resolve the second, and the Freeze takes effect after it', () => {
    // "If there is no bust or Flip 7 with card #1, then that player must now resolve card #2"; the Freeze Dana assigned
    // during card #1 comes after card #2, which Bo assigned earlier.
    const top = ['5', '6', '7', 'flip_three', 'flip_three', 'flip_three', '1', 'freeze', '2', '3', '4', '8', '9', '10'] as const;
    const { state, events } = replay({ top: [...top], actions: [[1, hit], [1, target(2)], [2, target(0)], [2, target(0)], [0, target(0)]] });
    expect(effects(events).slice(-4)).toEqual([
      { kind: 'discarded', card: 'flip_three', reason: 'flip three resolved' },
      { kind: 'flip_three', seat: 0, by: 2 },
      { kind: 'discarded', card: 'flip_three', reason: 'flip three resolved' },
      { kind: 'frozen', seat: 0, by: 0 },
    ]);
    expect(state.players[0]).toMatchObject({ status: 'frozen', cards: ['7', '2', '3', '4', '8', '9', 'freeze'] });
    expect(state.deck[0]).toBe('10');
    expect(state.turn).toBe(2);
    expect(allCards(state)).toHaveLength(94);
  });

  it('C Case 16(b): a player assigned two Flip Threes who busts on the first discards the second', () => {
    const top = ['5', '6', '7', 'flip_three', 'flip_three', 'flip_three', '1', '7', '8', '9'] as const;
    const { state, events } = replay({ top: [...top], actions: [[1, hit], [1, target(2)], [2, target(0)], [2, target(0)]] });
    expect(state.players[0]).toMatchObject({ status: 'busted', cards: ['7', '7'] });
    expect(effects(events).slice(-4)).toEqual([
      { kind: 'discarded', card: 'flip_three', reason: 'flip three resolved' },
      { kind: 'flip_three', seat: 0, by: 2 },
      { kind: 'discarded', card: 'flip_three', reason: 'flip three resolved' },
      { kind: 'discarded', card: 'flip_three', reason: 'target already out of the round' },
    ]);
    expect(state.deck.slice(0, 2)).toEqual(['8', '9']);
    expect(state.turn).toBe(2);
    expect(allCards(state)).toHaveLength(94);
  });

  it('C Case 16(b): a player assigned two Flip Threes who flips 7 on the first ends the round; the second is discarded', () => {
    // Ari stays on 12; Bo (11, 10, 9, 7, 8) and Dana (0, 1, 2, 3, 4) hit in turn; Bo hits Flip Three #1 and takes it
    // himself, sets aside #2 and #3, flips a 6 and gives both to Dana, whose 5 and 6 make seven different numbers.
    const top = ['12', '11', '0', '10', '1', '9', '2', '7', '3', '8', '4', 'flip_three', 'flip_three', 'flip_three', '6', '5', '6', '10'] as const;
    const turns: [number, Flip7Action][] = [[1, stay], [2, hit], [0, hit], [2, hit], [0, hit], [2, hit], [0, hit], [2, hit], [0, hit], [2, hit]];
    const { state, events } = replay({ top: [...top], actions: [...turns, [2, target(2)], [2, target(0)], [2, target(0)]] });
    expect(events).toContainEqual({ kind: 'flip7', seat: 0, score: 36 });
    expect(state.phase).toBe('round_over');
    expect(state.players[0].cards).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(state.players[0].roundScore).toBe(21 + 15);
    // Flip Three #3 never took effect, and the Flip 7 stopped the flipping at two cards.
    expect(events.filter((e) => e.kind === 'flip_three' && e.seat === 0)).toHaveLength(1);
    expect(state.deck[0]).toBe('10');
    expect(state.discard).toEqual(['flip_three', 'flip_three', 'flip_three']);
    expect(allCards(state)).toHaveLength(94);
  });

  it('C Case 16(b): with no bust or Flip 7 on the first, the same player resolves the second at once — it is not assigned again', () => {
    const top = ['5', '6', '7', 'flip_three', 'flip_three', 'flip_three', '1', '2', '3', '4', '8', '9', '+4', '10'] as const;
    const { state: assigning } = replay({ top: [...top], actions: [[1, hit], [1, target(2)], [2, target(0)]] });
    expect(assigning.pending).toMatchObject({ chooser: 2, card: 'flip_three', source: 'assign', targets: [0, 1, 2] });
    const { state, events } = replay({ top: [...top], actions: [[1, hit], [1, target(2)], [2, target(0)], [2, target(0)]] });
    expect(state.pending).toBeNull();
    expect(effects(events).slice(-5)).toEqual([
      { kind: 'discarded', card: 'flip_three', reason: 'flip three resolved' },
      { kind: 'flip_three', seat: 0, by: 2 },
      { kind: 'discarded', card: 'flip_three', reason: 'flip three resolved' },
      { kind: 'flip_three', seat: 0, by: 2 },
      { kind: 'discarded', card: 'flip_three', reason: 'flip three resolved' },
    ]);
    expect(state.players[0]).toMatchObject({ status: 'active', cards: ['7', '2', '3', '4', '8', '9', '+4'] });
    expect(state.turn).toBe(2);
    expect(allCards(state)).toHaveLength(94);
  });

  it('C Case 16: cards are assigned in the order flipped (a Freeze before a Flip Three), and none takes effect until all are assigned', () => {
    const top = ['5', '6', '7', 'flip_three', 'freeze', 'flip_three', '1', '2', '3', '4', '8'] as const;
    const { state: first } = replay({ top: [...top], actions: [[1, hit], [1, target(2)]] });
    expect(first.pending).toMatchObject({ chooser: 2, card: 'freeze', source: 'assign' });
    // Bo gives the Freeze to Dana: she is not frozen yet, and may still be given the Flip Three.
    const { state: second } = replay({ top: [...top], actions: [[1, hit], [1, target(2)], [2, target(0)]] });
    expect(second.players[0].status).toBe('active');
    expect(second.pending).toMatchObject({ chooser: 2, card: 'flip_three', source: 'assign', targets: [0, 1, 2] });
    const { state, events } = replay({ top: [...top], actions: [[1, hit], [1, target(2)], [2, target(0)], [2, target(1)]] });
    expect(effects(events).slice(-4)).toEqual([
      { kind: 'discarded', card: 'flip_three', reason: 'flip three resolved' },
      { kind: 'frozen', seat: 0, by: 2 },
      { kind: 'flip_three', seat: 1, by: 2 },
      { kind: 'discarded', card: 'flip_three', reason: 'flip three resolved' },
    ]);
    expect(state.players[0]).toMatchObject({ status: 'frozen', cards: ['7', 'freeze'] });
    expect(state.players[1].cards).toEqual(['5', '2', '3', '4']);
    expect(state.turn).toBe(2);
  });

  it('C Cases 13, 16: the only active player assigns every set-aside card to themselves — in the order assigned, so the Freeze set aside before a chained Flip Three freezes them first', () => {
    // Ari and Dana stay; Bo hits Flip Three #1 (his own), flips #2, a Freeze and a 1, then for #2: #3, a 2 and a 3.
    const top = ['5', '6', '7', '8', 'flip_three', 'flip_three', 'freeze', '1', 'flip_three', '2', '3', '4', '5', '9'] as const;
    const { state, events } = replay({ top: [...top], actions: [[1, stay], [2, hit], [0, stay], [2, hit]] });
    expect(effects(events).slice(-5)).toEqual([
      { kind: 'flip_three', seat: 2, by: 2 },
      { kind: 'discarded', card: 'flip_three', reason: 'flip three resolved' },
      { kind: 'flip_three', seat: 2, by: 2 },
      { kind: 'discarded', card: 'flip_three', reason: 'flip three resolved' },
      { kind: 'frozen', seat: 2, by: 2 },
    ]);
    // Frozen, Bo was the last active player: the round ends there, and Flip Three #3 goes to the discards with it.
    expect(state.phase).toBe('round_over');
    expect(state.discard).toEqual(['flip_three', 'flip_three', 'flip_three']);
    expect(state.deck.slice(0, 3)).toEqual(['4', '5', '9']);
    expect(state.players[2]).toMatchObject({ status: 'frozen', cards: ['6', '8', '1', '2', '3', 'freeze'], roundScore: 20 });
    expect(state.flip7).toBeNull();
    expect(allCards(state)).toHaveLength(94);
  });
});
