import fc from 'fast-check';
import { Mulberry32, type Random } from '../../../../shared/core/rng';
import { applyAction, confidenceInterval, deserialize, EMPTY_STATS, newGame, observed, publicView, record, serialize, summary, validate, type MontyState, type Strategy } from '../../../../shared/games/monty-hall';

/** The seed's DeterministicRandom: a fixed sequence of integers, each taken modulo n. */
function sequence(...values: number[]): Random {
  let i = 0;
  // randomInt(rng, n) floors next()*n: (v % n + 0.5) / n lands on v % n.
  return { next: () => ((values[i++ % values.length] % 3) + 0.5) / 3 };
}
const must = (r: ReturnType<typeof applyAction>) => {
  if (!r.ok) throw new Error(r.code);
  return r.state;
};

describe('Monty Hall rules (seed 000)', () => {
  it('goes initialized → host_reveal (through player_choice) → complete, opening every door at the end', () => {
    const game = newGame(sequence(2)); // prize behind door 3
    expect(game.phase).toBe('initialized');
    expect(game.doors.map((d) => d.state)).toEqual(['closed', 'closed', 'closed']);
    const picked = must(applyAction(game, { type: 'select', door: 1 }, sequence(0)));
    expect(picked.phase).toBe('host_reveal');
    expect(picked.doors.map((d) => d.state)).toEqual(['selected', 'open_with_goat', 'closed']); // door 2 is the only goat left
    const done = must(applyAction(picked, { type: 'decide', strategy: 'switch' }, sequence(0)));
    expect(done.phase).toBe('complete');
    expect(done.result).toEqual({ won: true, strategy: 'switch', initialChoice: 1, finalChoice: 3, prizeLocation: 3 });
    expect(done.doors.map((d) => d.state)).toEqual(['open_with_goat', 'open_with_goat', 'open_with_prize']);
  });

  it('the seed\'s proof by cases: stick wins only when the first pick was right', () => {
    for (const prize of [0, 1, 2]) {
      for (const strategy of ['stick', 'switch'] as Strategy[]) {
        const picked = must(applyAction(newGame(sequence(prize)), { type: 'select', door: 1 }, sequence(1)));
        const done = must(applyAction(picked, { type: 'decide', strategy }, sequence(0)));
        expect(done.result!.won).toBe(strategy === 'stick' ? prize === 0 : prize !== 0);
      }
    }
  });

  it('opens either goat door at random when the first pick hides the prize', () => {
    const seen = new Set([0, 1].map((r) => must(applyAction(newGame(sequence(0)), { type: 'select', door: 1 }, sequence(r))).hostRevealed));
    expect(seen).toEqual(new Set([1, 2]));
  });

  it('refuses every bad action with its code and changes nothing', () => {
    const game = newGame(sequence(1));
    for (const door of [0, 4, -1, 1.5, NaN]) expect(applyAction(game, { type: 'select', door }, sequence(0))).toMatchObject({ ok: false, code: 'invalid_door' });
    expect(applyAction(game, { type: 'decide', strategy: 'stick' }, sequence(0))).toMatchObject({ ok: false, code: 'invalid_phase' });
    const picked = must(applyAction(game, { type: 'select', door: 2 }, sequence(0)));
    expect(applyAction(picked, { type: 'select', door: 1 }, sequence(0))).toMatchObject({ ok: false, code: 'invalid_phase' });
    expect(applyAction(picked, { type: 'decide', strategy: 'maybe' as Strategy }, sequence(0))).toMatchObject({ ok: false, code: 'invalid_strategy' });
    const done = must(applyAction(picked, { type: 'decide', strategy: 'stick' }, sequence(0)));
    expect(applyAction(done, { type: 'decide', strategy: 'stick' }, sequence(0))).toMatchObject({ ok: false, code: 'game_complete' });
    expect(applyAction(done, { type: 'select', door: 1 }, sequence(0))).toMatchObject({ ok: false, code: 'game_complete' });
  });

  it('keeps the prize out of the public view until the game is complete', () => {
    const game = newGame(sequence(2));
    const picked = must(applyAction(game, { type: 'select', door: 1 }, sequence(0)));
    for (const s of [game, picked]) {
      const text = JSON.stringify(publicView(s));
      expect(text).not.toMatch(/prize/i);
      expect(publicView(s).result).toBeNull();
    }
    const done = must(applyAction(picked, { type: 'decide', strategy: 'stick' }, sequence(0)));
    expect(publicView(done).result!.prizeLocation).toBe(3);
  });

  it('serializes with version 1.0 and refuses other versions and invalid games', () => {
    const picked = must(applyAction(newGame(sequence(1)), { type: 'select', door: 3 }, sequence(0)));
    const back = deserialize(serialize(picked));
    expect(back).toEqual({ ok: true, state: picked });
    expect(deserialize(JSON.stringify({ ...picked, version: '2.0' }))).toMatchObject({ ok: false, code: 'bad_version' });
    expect(deserialize('nope')).toMatchObject({ ok: false, code: 'bad_format' });
    const cheat = { ...picked, hostRevealed: picked.prize, version: '1.0' };
    expect(deserialize(JSON.stringify(cheat))).toMatchObject({ ok: false, code: 'invalid_game' });
  });

  it('statistics and the seed\'s confidence intervals', () => {
    let stats = EMPTY_STATS;
    stats = record(stats, { won: true, strategy: 'switch', initialChoice: 1, finalChoice: 2, prizeLocation: 2 });
    stats = record(stats, { won: false, strategy: 'stick', initialChoice: 1, finalChoice: 1, prizeLocation: 2 });
    expect(stats).toEqual({ stickWins: 0, stickLosses: 1, switchWins: 1, switchLosses: 0 });
    expect(observed(stats)).toEqual({ stick: 0, switch: 1 });
    expect(observed(EMPTY_STATS)).toEqual({});
    expect(confidenceInterval(0, 0, 0.95)).toEqual([0, 0]);
    // Wilson score interval for 50 of 100 at 95%: 40.38%–59.62%.
    const [lo, hi] = confidenceInterval(50, 100, 0.95);
    expect(lo).toBeCloseTo(0.4038, 4);
    expect(hi).toBeCloseTo(0.5962, 4);
    expect(confidenceInterval(50, 100, 0.5)).toEqual(confidenceInterval(50, 100, 0.95)); // unknown level → 95%
    expect(confidenceInterval(50, 100, 0.99)[0]).toBeLessThan(confidenceInterval(50, 100, 0.9)[0]);
  });
});

describe('Monty Hall properties', () => {
  const seed = fc.integer({ min: 0, max: 2 ** 32 - 1 });
  const door = fc.integer({ min: 1, max: 3 });
  const strategy = fc.constantFrom<Strategy>('stick', 'switch');

  it('property: the host never opens the prize or the player\'s door, and every reachable state validates', () => {
    fc.assert(fc.property(seed, door, strategy, (s, d, st) => {
      const rng = new Mulberry32(s);
      const game = newGame(rng);
      const picked = must(applyAction(game, { type: 'select', door: d }, rng));
      expect(picked.hostRevealed).not.toBe(picked.prize);
      expect(picked.hostRevealed).not.toBe(d - 1);
      const done = must(applyAction(picked, { type: 'decide', strategy: st }, rng));
      for (const x of [game, picked, done]) expect(validate(x)).toBeNull();
      // Switching wins exactly when sticking would lose.
      expect(done.result!.won).toBe(st === 'stick' ? picked.prize === d - 1 : picked.prize !== d - 1);
    }), { numRuns: 300 });
  });

  it('property: a rejected action leaves the state exactly as it was', () => {
    const action = fc.oneof(
      fc.record({ type: fc.constant('select' as const), door: fc.oneof(fc.integer(), fc.double()) }),
      fc.record({ type: fc.constant('decide' as const), strategy: fc.string() as fc.Arbitrary<Strategy> }),
    );
    fc.assert(fc.property(seed, fc.array(action, { maxLength: 6 }), (s, actions) => {
      const rng = new Mulberry32(s);
      let state: MontyState = newGame(rng);
      for (const a of actions) {
        const before = JSON.stringify(state);
        const r = applyAction(state, a, rng);
        if (r.ok) state = r.state;
        else expect(JSON.stringify(state)).toBe(before);
      }
    }), { numRuns: 200 });
  });

  it('property: serialization round-trips every reachable state', () => {
    fc.assert(fc.property(seed, door, strategy, fc.integer({ min: 0, max: 2 }), (s, d, st, steps) => {
      const rng = new Mulberry32(s);
      let state = newGame(rng);
      if (steps > 0) state = must(applyAction(state, { type: 'select', door: d }, rng));
      if (steps > 1) state = must(applyAction(state, { type: 'decide', strategy: st }, rng));
      expect(deserialize(serialize(state))).toEqual({ ok: true, state });
    }), { numRuns: 100 });
  });

  it('converges: over many seeded games stick wins 1/3 and switch 2/3, each inside its 99% interval', () => {
    const rng = new Mulberry32(20261122);
    let stats = EMPTY_STATS;
    for (let i = 0; i < 20000; i++) {
      const picked = must(applyAction(newGame(rng), { type: 'select', door: 1 + (i % 3) }, rng));
      stats = record(stats, must(applyAction(picked, { type: 'decide', strategy: i % 2 ? 'switch' : 'stick' }, rng)).result!);
    }
    const stick = summary(stats, 'stick');
    const sw = summary(stats, 'switch');
    expect(stick.ci99[0]).toBeLessThan(1 / 3);
    expect(stick.ci99[1]).toBeGreaterThan(1 / 3);
    expect(sw.ci99[0]).toBeLessThan(2 / 3);
    expect(sw.ci99[1]).toBeGreaterThan(2 / 3);
  });
});
