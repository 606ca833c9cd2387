/**
 * Issue 27, part 5: ratings must not be bought with fresh guests. The attack, from one address:
 * a farmer plus a fresh guest per game, each feeder making one move before it resigns (1500 →
 * 1935 in 84 s, every game rated; with nobody else waiting the same pair is paired again at
 * once). Contract, over real sockets with the real SDK and Redis:
 * - a guest younger than 24 h cannot queue for rated play (`account_too_new`);
 * - accounts made from one address are never paired in their first week, even a day old: the
 *   farming script gains nothing (the figure: 0 points, ≤ 30 asked);
 * - a decisive game counts only when the loser made ≥ 5 actions of their own;
 * - the same two players play at most 3 rated games a day against each other.
 * The age rule is lifted by back-dating accounts in the database, as a day of waiting would.
 */
import type { Database } from '../../server/db/database';
import { SqlRankedStore } from '../../server/stores/ranked-store';
import { testFileDatabase } from '../support/database';
import type { RunningParlor } from '../../server/app';
import { DEFAULT_RANKED_RULES, type RankedRules } from '../../server/limits';
import { emptyRedis, testRedisUrl } from '../support/processes';
import { bySeat, getJson, makeAccount, queueUp, takeSeat, type Guest } from '../support/ranked';
import { sdkClient, startTestServer, waitForState } from '../support/server';
import { act, type GomokuRoomClient } from '../support/gomoku-client';
import { eventually, leaveAll } from './support';

jest.setTimeout(90000);

const DAY_MS = 24 * 60 * 60 * 1000;

function rankedSuite(rules: Partial<RankedRules>) {
  const suite = { server: undefined as unknown as RunningParlor, redisUrl: testRedisUrl(), db: undefined as unknown as Database };
  beforeAll(async () => {
    process.env.NEXT_GAME_MS = '300';
    process.env.QUEUE_WIDEN_MS = '3000'; // rating windows at their widest (±400) after 3 s
    await emptyRedis(suite.redisUrl);
    suite.db = await testFileDatabase();
    suite.server = await startTestServer({ redisUrl: suite.redisUrl, rankedRules: { ...DEFAULT_RANKED_RULES, ...rules } });
  });
  afterAll(async () => {
    await suite.server.stop();
    delete process.env.NEXT_GAME_MS;
    delete process.env.QUEUE_WIDEN_MS;
    await emptyRedis(suite.redisUrl);
  });
  return suite;
}

/** Makes the account look `days` old, as waiting would (the store's record, white-box). */
async function backdate(db: Database, guest: Guest, days: number): Promise<void> {
  await db.query('UPDATE players SET created_at = created_at - $2 WHERE id = $1', [guest.playerId, days * DAY_MS]);
}

async function setRating(db: Database, guest: Guest, value: number): Promise<void> {
  const store = new SqlRankedStore(db);
  await store.savePlayer({ ...(await store.player(guest.playerId))!, rating: value });
}

async function rating(server: RunningParlor, guest: Guest): Promise<number> {
  return (await getJson(server.url, `/api/players/${guest.playerId}`)).body.rating;
}

/** Both queue; resolves with their rooms once paired and seated. */
async function pairUp(server: RunningParlor, a: Guest, b: Guest) {
  const [ca, cb] = [sdkClient(server), sdkClient(server)];
  const qa = await queueUp(ca, a);
  const qb = await queueUp(cb, b);
  const [ma, mb] = await Promise.all([qa.matched, qb.matched]);
  const rooms = [await takeSeat(ca, qa.queue, ma), await takeSeat(cb, qb.queue, mb)];
  await Promise.all(rooms.map((r) => waitForState(r, (s: any) => s.ranked && s.players.size === 2 && s.phase === 'swap2_placement' && s.toMove !== '')));
  return { rooms, matchId: ma.matchId as string };
}

/**
 * Plays one game `winner` (a player's guest) wins with an exact five, the loser making five or
 * more actions of their own: the opening in the corners, seat 2 takes the colour that leaves the
 * winner White (White moves first in the main game).
 */
async function playWonBy(rooms: GomokuRoomClient[], winner: string): Promise<void> {
  const [one, two] = bySeat(rooms);
  const winnerSeat = (one.state.players.get(one.sessionId) as any).playerId === winner ? one : two;
  for (const [x, y] of [[0, 0], [14, 14], [0, 14]]) await act(one, 'place', { x, y }, rooms);
  await act(two, 'choose', { choice: winnerSeat === one ? 'black' : 'white' }, rooms);
  const loserSeat = winnerSeat === one ? two : one;
  for (let i = 0; i < 4; i++) {
    await act(winnerSeat, 'place', { x: 5 + i, y: 7 }, rooms);
    await act(loserSeat, 'place', { x: 5 + i, y: 10 }, rooms);
  }
  await act(winnerSeat, 'place', { x: 9, y: 7 }, rooms);
  await Promise.all(rooms.map((r) => waitForState(r, (s) => s.phase === 'game_over')));
}

/** The match's record once its (only) game is settled. */
async function finishedMatch(server: RunningParlor, matchId: string) {
  let match: any;
  await eventually(async () => {
    match = (await getJson(server.url, `/api/matches/${matchId}`)).body;
    return match.status === 'finished';
  }, 10000);
  expect(match.status).toBe('finished');
  return match;
}

describe('with the default rules', () => {
  const suite = rankedSuite({});

  it('a fresh guest cannot queue for rated play: account_too_new', async () => {
    const fresh = await makeAccount(suite.server.url, 'Fresh Feeder');
    await expect(sdkClient(suite.server).joinOrCreate('ranked_queue', { token: fresh.token })).rejects.toThrow(/^account_too_new: /);
  });

  it('the farming script from one address: a day-old farmer and day-old feeders are never paired, and gain nothing', async () => {
    const farmer = await makeAccount(suite.server.url, 'Farmer');
    const feeders = [await makeAccount(suite.server.url, 'Feeder One'), await makeAccount(suite.server.url, 'Feeder Two')];
    for (const g of [farmer, ...feeders]) await backdate(suite.db, g, 2);
    const before = await rating(suite.server, farmer);
    const queued = await Promise.all([farmer, ...feeders].map(async (g) => {
      const client = sdkClient(suite.server);
      const queue = await client.joinOrCreate('ranked_queue', { token: g.token });
      const reports: any[] = [];
      let matched = false;
      queue.onMessage('queue', (r: any) => reports.push(r));
      queue.onMessage('matched', () => (matched = true));
      return { queue, reports, matched: () => matched };
    }));
    // Three pairing rounds with all three waiting, the rating windows wide enough (equal ratings): nobody paired.
    expect(await eventually(() => queued.every((q) => q.reports.filter((r) => r.waiting === 3).length >= 3), 15000)).toBe(true);
    expect(queued.map((q) => q.matched())).toEqual([false, false, false]);
    const gained = (await rating(suite.server, farmer)) - before;
    console.log(`rating farming from one address (farmer and 2 feeders, accounts 2 days old): ${gained} points gained`);
    expect(gained).toBeLessThanOrEqual(30);
    await leaveAll(queued.map((q) => q.queue));
  });
});

describe('accounts of one address allowed to meet (the address rule lifted)', () => {
  const suite = rankedSuite({ establishedGames: 0 });

  it('a game the loser resigns after fewer than five actions of their own is unrated', async () => {
    const [farmer, feeder] = [await makeAccount(suite.server.url, 'Farmer Two'), await makeAccount(suite.server.url, 'Quick Feeder')];
    const { rooms, matchId } = await pairUp(suite.server, farmer, feeder);
    const [one, two] = bySeat(rooms as GomokuRoomClient[]);
    const feederRoom = rooms[1] as GomokuRoomClient;
    // Both act once (seat 1 places its three opening stones: three actions), then the feeder resigns.
    for (const [x, y] of [[0, 0], [14, 14], [0, 14]]) await act(one, 'place', { x, y }, rooms as GomokuRoomClient[]);
    await act(two, 'choose', { choice: 'black' }, rooms as GomokuRoomClient[]);
    if (feederRoom === one) await act(one, 'place', { x: 7, y: 7 }, rooms as GomokuRoomClient[]);
    feederRoom.send('resign', {});
    const match = await finishedMatch(suite.server, matchId);
    expect(match.games[0]).toMatchObject({ rated: false, winner: farmer.playerId });
    expect(await rating(suite.server, farmer)).toBe(1500);
    await leaveAll(rooms);
  });

  it('the same two players play at most 3 rated games a day against each other: the fourth is unrated', async () => {
    const [a, b] = [await makeAccount(suite.server.url, 'Pair One'), await makeAccount(suite.server.url, 'Pair Two')];
    const rated: boolean[] = [];
    for (let game = 0; game < 4; game++) {
      const { rooms, matchId } = await pairUp(suite.server, a, b);
      // The two win in turn (their ratings stay within each other's window); the loser acts five times or more.
      await playWonBy(rooms as GomokuRoomClient[], game % 2 ? b.playerId : a.playerId);
      rated.push((await finishedMatch(suite.server, matchId)).games[0].rated);
      // Back to level ratings (white-box), so that the two stay inside each other's rating window: the cap is what is tested.
      for (const g of [a, b]) await setRating(suite.db, g, 1500);
      await leaveAll(rooms);
    }
    expect(rated).toEqual([true, true, true, false]);
  });
});
