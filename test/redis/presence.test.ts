/**
 * Presence on the real Redis: a process's entries are one hash written in batches (one
 * transaction for the changes of 50 ms), a change and its undoing in one batch leave nothing, and the entries of a killed process are gone
 * once their expiry runs out — no ghosts.
 */
import { Client } from '@colyseus/sdk';
import Redis from 'ioredis';
import { ONLINE_PREFIX, OnlineRegistry, PRESENCE_TTL_SECONDS } from '../../server/presence/online';
import { buildServer, emptyRedis, freePort, startServerProcess, testRedisUrl, type ServerProcess } from '../support/processes';
import { sleep, waitForState } from '../support/server';

const redisUrl = testRedisUrl();
const redis = new Redis(redisUrl);
let proc: ServerProcess | undefined;

beforeAll(async () => {
  buildServer();
  await emptyRedis(redisUrl);
}, 60000);

afterAll(async () => {
  await proc?.stop('SIGKILL');
  await emptyRedis(redisUrl);
  redis.disconnect();
});

const entry = (sessionId: string, role: 'playing' | 'watching' = 'playing') => ({ sessionId, name: `N-${sessionId}`, roomId: 'r1', game: 'gomoku', role });

it('changes made within a batch are one write to this process\'s hash; the last change of a session wins', async () => {
  const online = new OnlineRegistry();
  online.connect(redisUrl);
  const transactions = jest.spyOn(Redis.prototype, 'multi');
  try {
    online.set(entry('ada'));
    online.set(entry('bo'));
    await sleep(10); // a later turn of the event loop, in the same batch
    online.remove('ada');
    online.set(entry('cy', 'watching'));
    expect((await online.list()).map((e) => e.sessionId).sort()).toEqual(['bo', 'cy']);
    expect(transactions).toHaveBeenCalledTimes(1);
    const [key] = await redis.keys(`${ONLINE_PREFIX}*`);
    expect(await redis.hkeys(key)).toEqual(expect.arrayContaining(['bo', 'cy']));
    expect(await redis.ttl(key)).toBeGreaterThan(PRESENCE_TTL_SECONDS - 3);
    online.remove('bo');
    expect(await online.list()).toEqual([expect.objectContaining({ sessionId: 'cy', role: 'watching' })]);
  } finally {
    transactions.mockRestore();
    await online.close();
  }
  expect(await redis.keys(`${ONLINE_PREFIX}*`)).toEqual([]); // a clean stop takes its entries along
});

it('a killed process leaves no ghosts: its players vanish from the list when the expiry runs out', async () => {
  const port = await freePort();
  proc = await startServerProcess(port, { REDIS_URL: redisUrl });
  const client = new Client(`ws://127.0.0.1:${port}`);
  const p1 = await client.create('gomoku', { name: 'Ada' });
  const watcher = await client.joinById(p1.roomId, { spectate: true });
  [p1, watcher].forEach((r) => (r.reconnection.enabled = false));
  await waitForState(watcher, (s: any) => s.spectators === 1);
  const listed = async () => (await (await fetch(`http://127.0.0.1:${port}/api/online`)).json()).players as { name: string; role: string }[];
  expect((await listed()).map((p) => p.role).sort()).toEqual(['playing', 'watching']);

  await proc.stop('SIGKILL');
  proc = undefined;
  const keys = await redis.keys(`${ONLINE_PREFIX}*`);
  expect(keys).toHaveLength(1);
  // Nobody pushes the expiry back any more: the entries are gone within PRESENCE_TTL_SECONDS.
  const deadline = Date.now() + (PRESENCE_TTL_SECONDS + 3) * 1000;
  while ((await redis.exists(keys[0])) && Date.now() < deadline) await sleep(500);
  expect(await redis.exists(keys[0])).toBe(0);
}, 40000);
