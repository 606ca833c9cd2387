import fc from 'fast-check';
import { pairSwissRound, type SwissPlayer, type SwissRound } from '../../../shared/tournament/swiss-pairing';
import { NO_GAMES, breaksAbsolute, chooseOpener, recordOpening, type OpenerHistory } from '../../../shared/tournament/opener';
import { forEachMatching } from './brute-force';

const player = (id: string, rating: number, extra: Partial<SwissPlayer> = {}): SwissPlayer => ({ id, rating, points: 0, opponents: [], hadBye: false, openings: NO_GAMES, floatedDown: false, ...extra });
const history = (...opened: boolean[]): OpenerHistory => opened.reduce(recordOpening, NO_GAMES);
const pairRound = (players: SwissPlayer[]): SwissRound => {
  const r = pairSwissRound(players);
  if (!r.ok) throw new Error(r.message);
  return r.round;
};
const pairKeys = (round: SwissRound) => round.pairs.map((p) => [p.opener, p.follower].sort().join('-')).sort();

/** Applies a round's results: `score(opener, follower)` is the opener's score. */
function play(players: SwissPlayer[], round: SwissRound, score: (opener: string, follower: string) => 0 | 0.5 | 1): SwissPlayer[] {
  const next = new Map(players.map((p) => [p.id, { ...p, floatedDown: round.floatedDown.includes(p.id) }]));
  for (const { opener, follower } of round.pairs) {
    const a = next.get(opener)!;
    const b = next.get(follower)!;
    const s = score(opener, follower);
    next.set(opener, { ...a, points: a.points + s, opponents: [...a.opponents, follower], openings: recordOpening(a.openings, true) });
    next.set(follower, { ...b, points: b.points + 1 - s, opponents: [...b.opponents, opener], openings: recordOpening(b.openings, false) });
  }
  if (round.bye) {
    const p = next.get(round.bye)!;
    next.set(round.bye, { ...p, points: p.points + 1, hadBye: true });
  }
  return players.map((p) => next.get(p.id)!);
}

describe('Swiss pairing: examples', () => {
  it('round 1: the top half meets the bottom half in rating order (1–3, 2–4)', () => {
    const round = pairRound([player('a', 2000), player('b', 1900), player('c', 1800), player('d', 1700)]);
    expect(pairKeys(round)).toEqual(['a-c', 'b-d']);
    expect(round.bye).toBeNull();
  });

  it('round 2: winners meet winners, never a repeat', () => {
    let players = [player('a', 2000), player('b', 1900), player('c', 1800), player('d', 1700)];
    const first = pairRound(players);
    players = play(players, first, (opener, follower) => (['a', 'b'].includes(opener) ? 1 : ['a', 'b'].includes(follower) ? 0 : 0.5));
    const second = pairRound(players);
    expect(pairKeys(second)).toEqual(['a-b', 'c-d']);
  });

  it('the bye goes to the lowest-ranked player of the lowest score group who has not had one', () => {
    const players = [player('a', 2000, { points: 1 }), player('b', 1900, { points: 1 }), player('c', 1800), player('d', 1700), player('e', 1600, { hadBye: true, points: 1 })];
    expect(pairRound(players).bye).toBe('d');
  });

  it('a group that cannot pair within itself sends a floater down to the next group', () => {
    // a and b (1 point) already met: one of them floats down to meet a 0-point player.
    const players = [player('a', 2000, { points: 1, opponents: ['b'] }), player('b', 1900, { points: 1, opponents: ['a'] }), player('c', 1800), player('d', 1700)];
    const round = pairRound(players);
    expect([...round.floatedDown].sort()).toEqual(['a', 'b']);
    expect(pairKeys(round)).toEqual(['a-c', 'b-d']);
  });

  it('a player who floated down last round is not floated again when another can go', () => {
    const players = [
      player('a', 2000, { points: 2, floatedDown: true }),
      player('b', 1900, { points: 2 }),
      player('c', 1800, { points: 2 }),
      player('d', 1700, { points: 1 }),
      player('e', 1600, { points: 1 }),
      player('f', 1500, { points: 1 }),
    ];
    expect(pairRound(players).floatedDown).not.toContain('a');
  });

  it('nobody opens three times in a row or goes beyond an opening balance of +2 when it can be avoided', () => {
    const twice = history(true, true);
    const round = pairRound([player('a', 2000, { openings: twice }), player('b', 1900, { openings: twice }), player('c', 1800, { openings: history(false, false) }), player('d', 1700, { openings: history(false, false) })]);
    for (const pair of round.pairs) expect(['c', 'd']).toContain(pair.opener);
    expect(breaksAbsolute(twice, true)).toBe(true);
  });

  it('refuses a field that cannot be paired without a repeat, and hostile lists', () => {
    const r = pairSwissRound([player('a', 1, { opponents: ['b'] }), player('b', 1, { opponents: ['a'] })]);
    expect(r).toMatchObject({ ok: false, code: 'no-complete-pairing' });
    expect(pairSwissRound([player('a', 1)])).toMatchObject({ ok: false, code: 'too-few-players' });
    expect(pairSwissRound([player('a', 1), player('a', 2)])).toMatchObject({ ok: false, code: 'duplicate-player' });
  });
});

/** Events of up to 8 players over up to 5 rounds with random results. */
const event = fc.record({
  n: fc.integer({ min: 2, max: 8 }),
  ratings: fc.array(fc.integer({ min: 1000, max: 2400 }), { minLength: 8, maxLength: 8 }),
  results: fc.array(fc.constantFrom(0 as const, 0.5 as const, 1 as const), { minLength: 40, maxLength: 40 }),
  rounds: fc.integer({ min: 1, max: 5 }),
});

describe('Swiss pairing: properties (n ≤ 8, checked against every matching)', () => {
  it('never repeats a pairing, gives each player at most one bye, and breaks the fewest absolute opener criteria then keeps the least score difference', () => {
    fc.assert(
      fc.property(event, ({ n, ratings, results, rounds }) => {
        let players = Array.from({ length: n }, (_, i) => player(`p${i}`, ratings[i]));
        let k = 0;
        const byes = new Map<string, number>();
        for (let r = 0; r < rounds; r++) {
          const result = pairSwissRound(players);
          if (!result.ok) {
            expect(result.code).toBe('no-complete-pairing');
            return;
          }
          const round = result.round;
          const byId = new Map(players.map((p) => [p.id, p]));
          for (const { opener, follower } of round.pairs) expect(byId.get(opener)!.opponents).not.toContain(follower);
          if (round.bye) byes.set(round.bye, (byes.get(round.bye) ?? 0) + 1);
          for (const count of byes.values()) expect(count).toBe(1);

          // Brute force over the same field without the bye player.
          const field = players.filter((p) => p.id !== round.bye);
          const edges = field.flatMap((a, i) => field.slice(i + 1).map((b, j) => ({ a: i, b: i + 1 + j, weight: 0 }))).filter((e) => !field[e.a].opponents.includes(field[e.b].id));
          const cost = (a: SwissPlayer, b: SwissPlayer) => [chooseOpener(a.openings, b.openings, true).absoluteBreaks, Math.abs(a.points - b.points)];
          let best = [Infinity, Infinity];
          forEachMatching(field.length, edges, (chosen) => {
            if (chosen.length * 2 !== field.length) return;
            const c = chosen.reduce((s, e) => cost(field[edges[e].a], field[edges[e].b]).map((v, t) => s[t] + v), [0, 0]);
            if (c[0] < best[0] || (c[0] === best[0] && c[1] < best[1])) best = c;
          });
          const ours = round.pairs.reduce((s, p) => cost(byId.get(p.opener)!, byId.get(p.follower)!).map((v, t) => s[t] + v), [0, 0]);
          expect(ours).toEqual(best);
          players = play(players, round, () => results[k++ % results.length]);
        }
      }),
      { numRuns: 150 },
    );
  });
});
