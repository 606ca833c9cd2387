/**
 * Finished games on the real Redis: a round trip under `parlor:game:<id>` with the 30-day
 * retention set, the per-player index the player page reads, the size cap; and a game played
 * to the end on a server with Redis lands there with its expiry.
 */
import Redis from 'ioredis';
import { FINISHED_GAME_TTL_SECONDS, MAX_FINISHED_GAME_BYTES, MEMORY_KEEP, MemoryFinishedGameStore, RedisFinishedGameStore, type FinishedGame } from '../../server/history/finished-games';
import { seatTwo, type GomokuRoomClient } from '../support/gomoku-client';
import { getJson, playSeatOneWins } from '../support/ranked';
import { redisServerSuite, sdkClient, waitForState } from '../support/server';

const suite = redisServerSuite();
let redis: Redis;
let store: RedisFinishedGameStore;
beforeAll(() => {
  redis = new Redis(suite.redisUrl);
  store = new RedisFinishedGameStore(redis);
});
afterAll(() => redis.disconnect());

const game = (id: string, endedAt: number, playerIds: string[] = [], record: unknown = { steps: [1, 2, 3] }): FinishedGame => ({
  id, game: 'gomoku', roomId: 'room-1', startedAt: endedAt - 60_000, endedAt,
  players: playerIds.length ? playerIds.map((playerId, seat) => ({ seat, name: `P${seat}`, bot: false, playerId })) : [{ seat: 0, name: 'Ada', bot: false }, { seat: 1, name: 'Bo', bot: true }],
  winner: [0], reason: 'five', record,
  ...(playerIds.length ? { ranked: { matchId: 'm1', game: 1 } } : {}),
});

it('a game comes back as it was saved, under parlor:game:<id>, expiring after 30 days', async () => {
  const saved = game('game-aaaaaaa', Date.now());
  await store.save(saved);
  expect(await store.get('game-aaaaaaa')).toEqual(saved);
  const ttl = await redis.ttl('parlor:game:game-aaaaaaa');
  expect(FINISHED_GAME_TTL_SECONDS).toBe(30 * 24 * 3600);
  expect(ttl).toBeGreaterThan(FINISHED_GAME_TTL_SECONDS - 60);
  expect(ttl).toBeLessThanOrEqual(FINISHED_GAME_TTL_SECONDS);
  expect(await store.get('nothing-here')).toBeNull();
});

it('each ranked player\'s games are indexed newest first, the index expiring with them, and saving twice lists a game once', async () => {
  const now = Date.now();
  await store.save(game('ranked-old', now - 5000, ['pa', 'pb']));
  await store.save(game('ranked-new', now, ['pa', 'pc']));
  await store.save(game('ranked-new', now, ['pa', 'pc']));
  expect((await store.ofPlayer('pa', 10)).map((g) => g.id)).toEqual(['ranked-new', 'ranked-old']);
  expect(await store.ofPlayer('pb', 10)).toEqual([{ id: 'ranked-old', game: 'gomoku', endedAt: now - 5000, ranked: { matchId: 'm1', game: 1 } }]);
  expect(await store.ofPlayer('pa', 1)).toHaveLength(1);
  expect(await redis.ttl('parlor:games:player:pa')).toBeGreaterThan(FINISHED_GAME_TTL_SECONDS - 60);
  // A game that expired drops out of the list (its index entry goes on the next write).
  await redis.del('parlor:game:ranked-old');
  expect((await store.ofPlayer('pa', 10)).map((g) => g.id)).toEqual(['ranked-new']);
});

it('a record over the size cap is refused and nothing is written', async () => {
  const huge = game('too-big', Date.now(), [], 'x'.repeat(MAX_FINISHED_GAME_BYTES));
  await expect(store.save(huge)).rejects.toThrow(/cap/);
  expect(await redis.exists('parlor:game:too-big')).toBe(0);
});

it('without Redis, the memory store keeps the latest games only', async () => {
  const memory = new MemoryFinishedGameStore();
  for (let i = 0; i <= MEMORY_KEEP; i++) await memory.save(game(`m${i}`, i, i % 2 ? ['p'] : []));
  expect(await memory.get('m0')).toBeNull();
  expect((await memory.get(`m${MEMORY_KEEP}`))?.endedAt).toBe(MEMORY_KEEP);
  expect((await memory.ofPlayer('p', 2)).map((g) => g.id)).toEqual([`m${MEMORY_KEEP - 1}`, `m${MEMORY_KEEP - 3}`]);
  await expect(memory.save(game('too-big', 1, [], 'x'.repeat(MAX_FINISHED_GAME_BYTES)))).rejects.toThrow(/cap/);
});

it('a game played to the end on a server with Redis is stored there, with its expiry, and served', async () => {
  const { p1, p2 } = await seatTwo(sdkClient(suite.server));
  await playSeatOneWins([p1, p2]);
  const id = (await waitForState(p1, (s) => (s as unknown as { replayId: string }).replayId !== '') as unknown as { replayId: string }).replayId;
  expect(await redis.ttl(`parlor:game:${id}`)).toBeGreaterThan(FINISHED_GAME_TTL_SECONDS - 60);
  const stored = JSON.parse((await redis.get(`parlor:game:${id}`))!);
  expect(stored).toMatchObject({ id, game: 'gomoku', roomId: p1.roomId, reason: 'five' });
  expect((await getJson(suite.server.url, `/api/games/${id}`)).body).toEqual(stored);
  for (const r of [p1, p2] as GomokuRoomClient[]) await r.leave();
});
