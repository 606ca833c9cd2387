import fc from 'fast-check';
import { pairArenaWave, pairCost, justPlayed, rankFactor, type WaitingPlayer } from '../../../shared/tournament/arena-pairing';
import { NO_GAMES, recordOpening, type OpenerHistory } from '../../../shared/tournament/opener';
import { forEachMatching } from './brute-force';

const player = (id: string, rank: number, rating: number, extra: Partial<WaitingPlayer> = {}): WaitingPlayer => ({ id, rank, rating, lastOpponent: null, openings: NO_GAMES, ...extra });
const history = (...opened: boolean[]): OpenerHistory => opened.reduce(recordOpening, NO_GAMES);

describe('arena pairing: a wave', () => {
  it('pairs neighbours in the standings (lila: leaders meet leaders)', () => {
    const wave = pairArenaWave([player('a', 1, 1500), player('b', 2, 1500), player('c', 3, 1500), player('d', 4, 1500)]);
    const pairs = wave.pairs.map((p) => [p.opener, p.follower].sort().join('-')).sort();
    expect(pairs).toEqual(['a-b', 'c-d']);
    expect(wave.waiting).toEqual([]);
  });

  it('never gives a player their last opponent while another pairing is possible', () => {
    const wave = pairArenaWave([player('a', 1, 1500, { lastOpponent: 'b' }), player('b', 2, 1500, { lastOpponent: 'a' }), player('c', 3, 1500), player('d', 4, 1500)]);
    const pairs = wave.pairs.map((p) => [p.opener, p.follower].sort().join('-')).sort();
    expect(pairs).toEqual(['a-c', 'b-d']);
  });

  it('an odd player waits', () => {
    const wave = pairArenaWave([player('a', 1, 1500), player('b', 2, 1500), player('c', 3, 1500)]);
    expect(wave.pairs).toHaveLength(1);
    expect(wave.waiting).toHaveLength(1);
  });

  it('gives the opening to the player who opened less, then to the one who did not open last', () => {
    const fewer = pairArenaWave([player('a', 1, 1500, { openings: history(true, true) }), player('b', 2, 1500, { openings: history(true, false) })]);
    expect(fewer.pairs[0].opener).toBe('b');
    const notLast = pairArenaWave([player('a', 1, 1500, { openings: history(false, true) }), player('b', 2, 1500, { openings: history(true, false) })]);
    expect(notLast.pairs[0].opener).toBe('b');
    const coin = pairArenaWave([player('a', 1, 1500), player('b', 2, 1500)], () => false);
    expect(coin.pairs[0].opener).toBe('b');
  });

  it('rank factor: 2000 at the top of the group, 300 at its bottom', () => {
    expect(rankFactor(1, 2, 100)).toBe(300 + Math.floor((1700 * 99) / 100));
    expect(rankFactor(100, 100, 100)).toBe(300);
  });

  it('1,000 waiting players: every one paired once, in groups of at most 100 neighbours by rank', () => {
    const players = Array.from({ length: 1000 }, (_, i) => player(`p${i}`, i + 1, 1000 + ((i * 7919) % 1500)));
    const wave = pairArenaWave(players);
    expect(wave.pairs).toHaveLength(500);
    const seen = new Set(wave.pairs.flatMap((p) => [p.opener, p.follower]));
    expect(seen.size).toBe(1000);
    for (const p of wave.pairs) expect(Math.floor((Number(p.opener.slice(1))) / 100)).toBe(Math.floor(Number(p.follower.slice(1)) / 100));
  });
});

/** A small field: distinct ids, ranks 1..n, random ratings and last opponents. */
const field = fc.integer({ min: 0, max: 10 }).chain((n) =>
  fc.tuple(fc.array(fc.integer({ min: 800, max: 2500 }), { minLength: n, maxLength: n }), fc.array(fc.integer({ min: -1, max: n - 1 }), { minLength: n, maxLength: n })).map(([ratings, last]) =>
    ratings.map((rating, i) => player(`p${i}`, i + 1, rating, { lastOpponent: last[i] >= 0 && last[i] !== i ? `p${last[i]}` : null })),
  ),
);

describe('arena pairing: properties', () => {
  it('a wave never pairs a player twice; pairs as many as possible, the fewest last opponents among those, then the least cost (vs brute force, n ≤ 10)', () => {
    fc.assert(
      fc.property(field, (players) => {
        const wave = pairArenaWave(players);
        const ids = wave.pairs.flatMap((p) => [p.opener, p.follower]);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length + wave.waiting.length).toBe(players.length);
        const byId = new Map(players.map((p) => [p.id, p]));
        const maxRank = players.length;
        const rematches = wave.pairs.filter((p) => justPlayed(byId.get(p.opener)!, byId.get(p.follower)!)).length;
        const cost = wave.pairs.reduce((s, p) => s + pairCost(byId.get(p.opener)!, byId.get(p.follower)!, maxRank), 0);
        const edges = players.flatMap((a, i) => players.slice(i + 1).map((b, k) => ({ a: i, b: i + 1 + k, weight: 0 })));
        let best = { pairs: 0, rematches: Infinity, cost: Infinity };
        forEachMatching(players.length, edges, (chosen) => {
          const r = chosen.filter((k) => justPlayed(players[edges[k].a], players[edges[k].b])).length;
          const c = chosen.reduce((s, k) => s + pairCost(players[edges[k].a], players[edges[k].b], maxRank), 0);
          const better = chosen.length > best.pairs || (chosen.length === best.pairs && (r < best.rematches || (r === best.rematches && c < best.cost)));
          if (better) best = { pairs: chosen.length, rematches: r, cost: c };
        });
        expect(wave.pairs.length).toBe(best.pairs);
        expect(rematches).toBe(best.rematches === Infinity ? 0 : best.rematches);
        expect(cost).toBe(best.cost === Infinity ? 0 : best.cost);
      }),
      { numRuns: 150 },
    );
  });
});

describe('arena pairing: hostile lists', () => {
  it('a player listed twice is paired at most once', () => {
    const wave = pairArenaWave([player('a', 1, 1500), player('a', 2, 1500), player('b', 3, 1500)]);
    expect(wave.pairs).toHaveLength(1);
    expect(wave.waiting).toEqual([]);
    expect(pairArenaWave([])).toEqual({ pairs: [], waiting: [] });
  });
});
