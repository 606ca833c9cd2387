/**
 * Ratings must not be bought with fresh accounts. The attack, from one address: a farmer plus a
 * fresh account per game, each feeder losing at once (1500 → 1935 in 84 s when every game was
 * rated). Contract, over real sockets with the real SDK, Redis and PGlite, on the default rules:
 * - accounts of one network (made from, or queueing from, one address) are paired, and told their
 *   game is unrated until both have 10 rated games: the farming script fed fresh accounts for 60 s
 *   gains nothing (the figure: ≤ 30 points asked), even with the farmer established;
 * - the network is also the address each queues from now, not only where the account was made;
 * - the same two players play at most 3 rated games a day against each other, counted in the
 *   database of record however many other games either played;
 * - a decisive game counts only when the loser made ≥ 5 actions of their own.
 */
import type { Database } from '../../server/db/database';
import { SqlRankedStore } from '../../server/stores/ranked-store';
import { testFileDatabase } from '../support/database';
import type { RunningParlor } from '../../server/app';
import { DEFAULT_RANKED_RULES, type RankedRules } from '../../server/limits';
import { emptyRedis, testRedisUrl } from '../support/processes';
import { bySeat, type Guest } from '../support/ranked';
import { startTestServer } from '../support/server';
import { act, type GomokuRoomClient } from '../support/gomoku-client';
import { leaveAll } from './support';
import { accountFrom, finishedMatch, pairUpFrom, playWonBy, publicRecord } from '../server/ranked/networks';

jest.setTimeout(150000);

const HOUR = 60 * 60 * 1000;

function rankedSuite(rules: Partial<RankedRules>) {
  const suite = { server: undefined as unknown as RunningParlor, redisUrl: testRedisUrl(), db: undefined as unknown as Database };
  beforeAll(async () => {
    process.env.NEXT_GAME_MS = '300';
    process.env.QUEUE_WIDEN_MS = '3000'; // rating windows at their widest (±400) after 3 s
    await emptyRedis(suite.redisUrl);
    suite.db = await testFileDatabase();
    suite.server = await startTestServer({ redisUrl: suite.redisUrl, trustProxy: 1, rankedRules: { ...DEFAULT_RANKED_RULES, ...rules } });
  });
  afterAll(async () => {
    await suite.server.stop();
    delete process.env.NEXT_GAME_MS;
    delete process.env.QUEUE_WIDEN_MS;
    await emptyRedis(suite.redisUrl);
  });
  return suite;
}

async function setRating(db: Database, guest: Guest, value: number): Promise<void> {
  const store = new SqlRankedStore(db);
  await store.savePlayer({ ...(await store.player(guest.playerId))!, rating: value });
}

/** A rating history line of a game long settled (white-box: the history as days of play would leave it). */
async function historyLine(db: Database, player: Guest, opponent: Guest, matchId: string, at: number): Promise<void> {
  await db.query(
    `INSERT INTO rating_history (player_id, match_id, game, opponent_id, opponent_name, result, rating_before, rating_after, at)
     VALUES ($1, $2, 1, $3, $4, 'draw', 1500, 1500, $5)`,
    [player.playerId, matchId, opponent.playerId, opponent.name, at],
  );
}

const rating = async (server: RunningParlor, guest: Guest) => (await publicRecord(server, guest)).rating;

describe('with the default rules', () => {
  const suite = rankedSuite({});

  it('the farming script from one address, fed fresh accounts for 60 s, gains nothing: every game is paired and told it is unrated', async () => {
    // From 127.0.0.1, which the test server's room budget does not count (as many games as 60 s allow).
    const farmer = await accountFrom(suite.server, 'Farmer');
    // The worst case: the farmer is established (10 rated games), only the feeders are fresh.
    await suite.db.query('UPDATE players SET games = 10 WHERE id = $1', [farmer.playerId]);
    const before = await rating(suite.server, farmer);
    const told: string[] = [];
    const rated: boolean[] = [];
    const end = Date.now() + 60_000;
    for (let n = 1; Date.now() < end; n++) {
      const feeder = await accountFrom(suite.server, `Feeder ${n}`);
      const { rooms, matched, matchId } = await pairUpFrom(suite.server, [farmer], [feeder]);
      told.push(...matched.map((m) => m.unrated));
      // The feeder loses with five moves of its own, so that only the network rule stands in the way.
      await playWonBy(rooms, farmer.playerId);
      rated.push((await finishedMatch(suite.server, matchId)).games[0].rated);
      await leaveAll(rooms);
    }
    const gained = (await rating(suite.server, farmer)) - before;
    console.log(`rating farming from one address (an established farmer, ${rated.length} fresh feeders in 60 s): ${gained} points gained`);
    expect(gained).toBeLessThanOrEqual(30);
    expect(rated.length).toBeGreaterThan(0);
    expect(rated.every((r) => !r)).toBe(true);
    expect(told.every((t) => t.startsWith('the two players share a network'))).toBe(true);
  });

  it('accounts made on two networks, queueing from one address, share it: their game is unrated', async () => {
    const farmer = await accountFrom(suite.server, 'Roaming Farmer', '203.0.113.1');
    const feeder = await accountFrom(suite.server, 'Roaming Feeder', '198.51.100.2');
    const { rooms, matched, matchId } = await pairUpFrom(suite.server, [farmer, '192.0.2.200'], [feeder, '192.0.2.200']);
    expect(matched[0].unrated).toMatch(/^the two players share a network/);
    await playWonBy(rooms, farmer.playerId);
    expect((await finishedMatch(suite.server, matchId)).games[0]).toMatchObject({ rated: false });
    expect(await rating(suite.server, farmer)).toBe(1500);
    await leaveAll(rooms);
  });

  it('the pair cap is counted from the pair\'s own games: 3 today, hidden behind 120 newer games of each, and the next is unrated, told when it lifts', async () => {
    const [a, b, other] = [await accountFrom(suite.server, 'Busy One', '203.0.113.21'), await accountFrom(suite.server, 'Busy Two', '198.51.100.22'), await accountFrom(suite.server, 'Busy Other', '192.0.2.23')];
    const now = Date.now();
    for (const [m, hoursAgo] of [['pair-1', 5], ['pair-2', 4], ['pair-3', 3]] as const) {
      await historyLine(suite.db, a, b, m, now - hoursAgo * HOUR);
      await historyLine(suite.db, b, a, m, now - hoursAgo * HOUR);
    }
    for (let i = 0; i < 120; i++) {
      await historyLine(suite.db, a, other, `other-a-${i}`, now - 2 * HOUR + i);
      await historyLine(suite.db, b, other, `other-b-${i}`, now - 2 * HOUR + i);
    }
    const { rooms, matched, matchId } = await pairUpFrom(suite.server, [a, '203.0.113.21'], [b, '198.51.100.22']);
    expect(matched[0].unrated).toMatch(/^Busy (One|Two) and Busy (One|Two) have played 3 rated games against each other in the last 24 h \(at most 3\): rated again in 19 h$/);
    await playWonBy(rooms, a.playerId);
    const game = (await finishedMatch(suite.server, matchId)).games[0];
    expect(game).toMatchObject({ rated: false });
    expect(game.unrated).toMatch(/have played 3 rated games against each other in the last 24 h/);
    expect(await rating(suite.server, a)).toBe(1500);
    await leaveAll(rooms);
  });
});

describe('accounts of one address allowed to meet (the network rule lifted)', () => {
  const suite = rankedSuite({ establishedGames: 0 });

  it('a game the loser resigns after fewer than five actions of their own is unrated, and says why', async () => {
    const [farmer, feeder] = [await accountFrom(suite.server, 'Farmer Two'), await accountFrom(suite.server, 'Quick Feeder')];
    const { rooms, matchId } = await pairUpFrom(suite.server, [farmer], [feeder]);
    const [one, two] = bySeat(rooms);
    const feederRoom = rooms[1];
    // Both act once (seat 1 places its three opening stones: three actions), then the feeder resigns.
    for (const [x, y] of [[0, 0], [14, 14], [0, 14]]) await act(one, 'place', { x, y }, rooms);
    await act(two, 'choose', { choice: 'black' }, rooms);
    if (feederRoom === one) await act(one, 'place', { x: 7, y: 7 }, rooms);
    feederRoom.send('resign', {});
    const match = await finishedMatch(suite.server, matchId);
    expect(match.games[0]).toMatchObject({ rated: false, winner: farmer.playerId });
    // The resignation (the game's end, `resigned`) is not one of them: seat 1's four stones, or seat 2's one choice.
    const moves = feederRoom === one ? '4 moves' : '1 move';
    expect(match.games[0].unrated).toBe(`the loser made ${moves} of their own: a decisive game counts once the loser has made 5`);
    expect(match.games[0].reason).toBe('resigned');
    expect(await rating(suite.server, farmer)).toBe(1500);
    await leaveAll(rooms);
  });

  it('the same two players play at most 3 rated games a day against each other: the fourth is unrated', async () => {
    const [a, b] = [await accountFrom(suite.server, 'Pair One'), await accountFrom(suite.server, 'Pair Two')];
    const rated: boolean[] = [];
    const told: string[] = [];
    for (let game = 0; game < 4; game++) {
      const { rooms, matched, matchId } = await pairUpFrom(suite.server, [a], [b]);
      told.push(matched[0].unrated);
      // The two win in turn (their ratings stay within each other's window); the loser acts five times or more.
      await playWonBy(rooms as GomokuRoomClient[], game % 2 ? b.playerId : a.playerId);
      rated.push((await finishedMatch(suite.server, matchId)).games[0].rated);
      // Back to level ratings (white-box), so that the two stay inside each other's rating window: the cap is what is tested.
      for (const g of [a, b]) await setRating(suite.db, g, 1500);
      await leaveAll(rooms);
    }
    expect(rated).toEqual([true, true, true, false]);
    expect(told.slice(0, 3)).toEqual(['', '', '']);
    expect(told[3]).toMatch(/have played 3 rated games against each other in the last 24 h \(at most 3\): rated again in 24 h$/);
  });
});
