/**
 * Per-address HTTP rate limits with the counters in Redis: matchmaking, `/api/guest` and
 * `/api/ten/verify` answer 429 `{error, code: "rate_limited"}` with Retry-After past the limit;
 * a process started afterwards on the same Redis sees the same counters (a cluster enforces one
 * limit); the client address honours X-Forwarded-For only as far as TRUST_PROXY says; loopback
 * is exempt unless told otherwise; with Redis away the limits go on in memory.
 */
import type { IncomingMessage } from 'node:http';
import Redis from 'ioredis';
import { startParlor, type RunningParlor } from '../../server/app';
import type { ParlorConfig } from '../../server/config';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../../server/limits';
import { HttpLimits, rateLimitRedis } from '../../server/http/rate-limit';
import { clientAddress, rateKey } from '../../server/guards/client-address';
import { emptyRedis, testRedisUrl } from '../support/processes';
import { testFileDatabase } from '../support/database';

jest.setTimeout(30000);

const redisUrl = testRedisUrl();
const keyPrefix = `parlor:ratelimit:test-${process.pid}-${Date.now()}`;
const limits: Partial<RateLimitSettings> = {
  matchmake: { points: 3, seconds: 60 },
  guest: { points: 2, seconds: 60 },
  tenVerify: { points: 2, seconds: 60 },
  read: { points: 3, seconds: 60 },
  exemptLoopback: false,
  keyPrefix,
};
const SITE = 'https://parlor.example';
const config: ParlorConfig = { port: 0, host: '127.0.0.1', redisUrl, publicAddress: undefined, clientDir: '/nonexistent', rateLimits: limits, trustProxy: 1, metricsPort: 0, publicUrl: SITE };

let server: RunningParlor | undefined;
const base = () => `http://127.0.0.1:${server!.port}`;

beforeAll(async () => {
  await emptyRedis(redisUrl);
  server = await startParlor(config, { database: await testFileDatabase() });
});
afterAll(async () => {
  await server?.stop();
  await emptyRedis(redisUrl);
});

function post(route: string, from: string, body = '{}') {
  return fetch(`${base()}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body });
}

async function expectLimited(res: Response) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  const body = await res.json();
  expect(body).toEqual({ error: expect.stringMatching(/too many requests/), code: 'rate_limited' });
}

describe('matchmaking', () => {
  it('the 4th call in a minute from one address is a 429; another address is not affected', async () => {
    for (let i = 0; i < 3; i++) expect((await post('/matchmake/create/no_such_room', '203.0.113.10')).status).toBe(404);
    const limited = await post('/matchmake/create/no_such_room', '203.0.113.10');
    expect(limited.headers.get('access-control-allow-origin')).toBe(SITE); // the SDK in the site's page can read why
    await expectLimited(limited);
    // Refused before Colyseus: not even a good request gets through.
    await expectLimited(await post('/matchmake/create/gomoku', '203.0.113.10', '{"name": "Ada"}'));
    expect((await post('/matchmake/create/no_such_room', '203.0.113.11')).status).toBe(404);
  });

  it('counts in Redis, under the app key prefix', async () => {
    const redis = new Redis(redisUrl);
    try {
      expect(Number(await redis.get(`${keyPrefix}:matchmake:203.0.113.10`))).toBeGreaterThanOrEqual(5);
      expect(await redis.pttl(`${keyPrefix}:matchmake:203.0.113.10`)).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });

  it('TRUST_PROXY=1 takes the address the proxy saw: entries a client adds on the left change nothing', async () => {
    for (let i = 0; i < 3; i++) expect((await post('/matchmake/create/no_such_room', `10.9.9.${i}, 203.0.113.20`)).status).toBe(404);
    await expectLimited(await post('/matchmake/create/no_such_room', '10.9.9.99, 203.0.113.20'));
  });

  it('the rejections are counted in /metrics', async () => {
    const text = await (await fetch(`http://127.0.0.1:${server!.metricsPort}/metrics`)).text();
    expect(Number(/parlor_http_rate_limited_total\{route="matchmake"\} (\d+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(3);
  });
});

describe('the read routes (GET /api/*)', () => {
  const get = (route: string, from: string) => fetch(`${base()}${route}`, { headers: { 'x-forwarded-for': from } });

  it('share one limit per address: finished games, players and the leaderboard alike; another address is not affected', async () => {
    expect((await get('/api/games/AAAAAAAAAAAA', '198.51.100.20')).status).toBe(404);
    expect((await get('/api/players/nobody', '198.51.100.20')).status).toBe(404);
    expect((await get('/api/leaderboard', '198.51.100.20')).status).toBe(200);
    await expectLimited(await get('/api/games/AAAAAAAAAAAA', '198.51.100.20'));
    await expectLimited(await get('/api/online', '198.51.100.20'));
    expect((await get('/api/online', '198.51.100.21')).status).toBe(200);
  });
});

describe('/api/guest and /api/ten/verify', () => {
  it('/api/guest: 2 a minute per address, then 429', async () => {
    for (let i = 0; i < 2; i++) expect((await post('/api/guest', '198.51.100.1', '{"name": "!"}')).status).toBe(400);
    await expectLimited(await post('/api/guest', '198.51.100.1', '{"name": "Ada"}'));
    expect((await post('/api/guest', '198.51.100.2', '{"name": "!"}')).status).toBe(400);
  });

  it('/api/ten/verify: 2 a minute per address, then 429', async () => {
    for (let i = 0; i < 2; i++) expect((await post('/api/ten/verify', '198.51.100.3', '{}')).status).toBe(400);
    await expectLimited(await post('/api/ten/verify', '198.51.100.3', '{}'));
  });
});

it('a process started later on the same Redis enforces the same counters (one limit for a cluster)', async () => {
  await server!.stop();
  server = await startParlor(config, { database: await testFileDatabase() });
  await expectLimited(await post('/matchmake/create/no_such_room', '203.0.113.10'));
  await expectLimited(await post('/api/guest', '198.51.100.1', '{"name": "!"}'));
  expect((await post('/matchmake/create/no_such_room', '203.0.113.30')).status).toBe(404);
});

describe('client addresses and the limiter itself', () => {
  const request = (remoteAddress: string, forwarded?: string) =>
    ({ socket: { remoteAddress }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }) as unknown as IncomingMessage;
  const settings = (overrides: Partial<RateLimitSettings> = {}): RateLimitSettings => ({
    ...DEFAULT_RATE_LIMITS, guest: { points: 2, seconds: 60 }, keyPrefix: `${keyPrefix}:unit`, ...overrides,
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored', async () => {
    const limiter = new HttpLimits(settings({ exemptLoopback: false }), 0);
    const verdicts = [];
    for (let i = 0; i < 3; i++) verdicts.push((await limiter.take('guest', request('10.0.0.2', `203.0.113.${i}`))).ok);
    expect(verdicts).toEqual([true, true, false]);
    expect(clientAddress(request('10.0.0.2', '203.0.113.1'), 0)).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.2', '203.0.113.1, 192.0.2.5'), 2)).toBe('203.0.113.1');
    expect(clientAddress(request('10.0.0.2', 'not-an-ip'), 1)).toBe('10.0.0.2');
  });

  it('loopback is counted by default and exempt when configured; IPv4-mapped addresses count as IPv4; IPv6 counts per /64', async () => {
    const counted = new HttpLimits(settings({ exemptLoopback: DEFAULT_RATE_LIMITS.exemptLoopback }), 0);
    const first = [];
    for (let i = 0; i < 3; i++) first.push((await counted.take('guest', request('::1'))).ok);
    expect(first).toEqual([true, true, false]); // guest: 2 per minute
    const limiter = new HttpLimits(settings({ exemptLoopback: true }), 0);
    const loopback = [];
    for (let i = 0; i < 5; i++) loopback.push((await limiter.take('guest', request(i % 2 ? '::1' : '::ffff:127.0.0.1'))).ok);
    expect(loopback).toEqual([true, true, true, true, true]);
    expect(rateKey(clientAddress(request('::ffff:192.0.2.7'), 0))).toBe('192.0.2.7');
    expect(rateKey('2001:db8:1:2::1')).toBe(rateKey('2001:db8:1:2:ffff:0:0:99'));
    expect(rateKey('2001:db8:1:2::1')).not.toBe(rateKey('2001:db8:1:3::1'));
    const v6 = [];
    for (const a of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2::3']) v6.push((await limiter.take('guest', request(a))).ok);
    expect(v6).toEqual([true, true, false]);
  });

  it('with Redis away, the limit still holds (counted in memory meanwhile)', async () => {
    const away = rateLimitRedis('redis://127.0.0.1:1'); // nothing listens there
    try {
      const limiter = new HttpLimits(settings({ exemptLoopback: false }), 0, away);
      const verdicts = [];
      for (let i = 0; i < 3; i++) verdicts.push((await limiter.take('guest', request('192.0.2.9'))).ok);
      expect(verdicts).toEqual([true, true, false]);
    } finally {
      away.disconnect();
    }
  });

  it('"off" (0 points) turns a limit off', async () => {
    const limiter = new HttpLimits(settings({ guest: { points: 0, seconds: 60 }, exemptLoopback: false }), 0);
    for (let i = 0; i < 5; i++) expect((await limiter.take('guest', request('192.0.2.10'))).ok).toBe(true);
  });
});
