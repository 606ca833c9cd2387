/**
 * `/metrics` and `/healthz` were open and unlimited on the public port. One
 * address got ~530 `/metrics` answers a second (2.9-4.4 s of CPU per 5 s) and learnt the Node
 * version, the file-descriptor limit and the heap; `/healthz` ~300-540 a second, each a count of
 * every room. Contract, over real HTTP against the real server:
 * - by default `/metrics` is not on the main port (404, like any unknown path);
 * - with METRICS_PORT it is served on a listener of its own, bound to 127.0.0.1 unless METRICS_HOST
 *   says otherwise, which answers `/metrics` and nothing else; with METRICS_TOKEN it is on the main
 *   port too, and the token is asked on both;
 * - `/healthz` answers from a cached value (the rooms are recounted at most every HEALTHZ_CACHE_MS)
 *   and is rate-limited per address like `/api/*` (429 `rate_limited` with Retry-After).
 */
import { createServer, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { Client } from '@colyseus/sdk';
import { startParlor, type RunningParlor } from '../../server/app';
import { configFromEnv, type ParlorConfig } from '../../server/config';
import { eventually, roomCount, within } from './support';
import { testFileDatabase } from '../support/database';

jest.setTimeout(30000);

const TOKEN = 'metrics-token-for-the-hostile-tests';
let running: RunningParlor | undefined;

/** One server at a time (the matchmaker is one per process): each test starts its own, stopped after it. */
async function start(overrides: Partial<ParlorConfig>): Promise<RunningParlor> {
  running = await startParlor(config(overrides), { database: await testFileDatabase() });
  return running;
}
const config = (overrides: Partial<ParlorConfig>): ParlorConfig => ({ port: 0, host: '127.0.0.1', redisUrl: undefined, publicAddress: undefined, clientDir: '/nonexistent', ...overrides });
afterEach(async () => {
  await within(running!.stop(), 15000, 'the server did not stop').catch((err) => console.error(String(err)));
  running = undefined;
});

const main = (server: RunningParlor, route: string, init?: RequestInit) => fetch(`http://127.0.0.1:${server.port}${route}`, init);
const metricsPort = (server: RunningParlor, route = '/metrics', init?: RequestInit) => fetch(`http://127.0.0.1:${server.metricsPort}${route}`, init);

describe('/metrics', () => {
  it('by default it is nowhere on the main port: 404 JSON, no metric in sight (it was 200 with the Node version and heap)', async () => {
    const server = await start({});
    expect(server.metricsPort).toBeNull();
    const res = await main(server, '/metrics');
    expect(res.status).toBe(404);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: 'not found', code: 'not_found' });
    expect(text).not.toMatch(/nodejs_|process_|parlor_/);
  });

  it('with METRICS_PORT: served on its own listener (and only /metrics there), still 404 on the main port', async () => {
    const server = await start({ metricsPort: 0 });
    expect(server.metricsPort).toEqual(expect.any(Number));
    expect(server.metricsPort).not.toBe(server.port);
    const scrape = await metricsPort(server);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scrape.text();
    expect(text).toContain('# TYPE parlor_rooms gauge');
    expect(text).toContain('# TYPE nodejs_version_info gauge');
    expect((await main(server, '/metrics')).status).toBe(404);
    // The metrics listener is not a second way into the game server.
    for (const route of ['/', '/healthz', '/api/online', '/matchmake/create/gomoku', '/metrics/x']) {
      expect([route, (await metricsPort(server, route)).status]).toEqual([route, 404]);
    }
    expect((await metricsPort(server, '/metrics', { method: 'POST', body: '{}' })).status).toBe(405);
  });

  it('the metrics listener binds 127.0.0.1 unless METRICS_HOST says otherwise: not reachable on another interface', async () => {
    expect(configFromEnv({ METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(configFromEnv({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toMatchObject({ metricsHost: '0.0.0.0' });
    expect(configFromEnv({})).toMatchObject({ metricsPort: undefined });
    expect(() => configFromEnv({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
    const server = await start({ metricsPort: 0, metricsHost: configFromEnv({}).metricsHost });
    const other = Object.values(networkInterfaces()).flat().find((a) => a && a.family === 'IPv4' && !a.internal);
    if (!other) return; // a machine with loopback only: nothing else to try
    await expect(fetch(`http://${other.address}:${server.metricsPort}/metrics`)).rejects.toThrow();
  });

  it('with METRICS_TOKEN and METRICS_PORT: the token is asked on both', async () => {
    const server = await start({ metricsPort: 0, metricsToken: TOKEN });
    const bearer = { headers: { authorization: `Bearer ${TOKEN}` } };
    expect((await main(server, '/metrics')).status).toBe(401);
    expect((await metricsPort(server)).status).toBe(401);
    expect((await metricsPort(server, '/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await main(server, '/metrics', bearer)).status).toBe(200);
    expect((await metricsPort(server, '/metrics', bearer)).status).toBe(200);
  });

  it('a METRICS_PORT already taken stops the start', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      await expect(startParlor(config({ metricsPort: (taken.address() as AddressInfo).port }), { database: await testFileDatabase() })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      taken.close();
    }
    await start({}); // and a start after it works (afterEach stops it)
  });
});

describe('/healthz', () => {
  it('is rate-limited per address: past the limit 429 rate_limited with Retry-After; another address still answered', async () => {
    const server = await start({ rateLimits: { health: { points: 3, seconds: 60 }, exemptLoopback: false }, trustProxy: 1 });
    const from = (address: string) => main(server, '/healthz', { headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.40')).status).toBe(200);
    const limited = await from('203.0.113.40');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ error: expect.stringMatching(/too many requests/), code: 'rate_limited' });
    expect((await from('203.0.113.41')).status).toBe(200);
  });

  it('answers from a cached value: a room opened meanwhile is not counted until the cache is refreshed', async () => {
    const server = await start({ healthCacheMs: 600_000, rateLimits: { exemptLoopback: true } });
    const before = await (await main(server, '/healthz')).json();
    expect(before).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number), rooms: expect.any(Number) });
    const room = await new Client(`ws://127.0.0.1:${server.port}`).create('gomoku', { name: 'Ada' });
    expect(await eventually(async () => (await roomCount()) > before.rooms)).toBe(true);
    const answers = await Promise.all(Array.from({ length: 20 }, () => main(server, '/healthz').then((r) => r.json())));
    expect(answers.map((a) => a.rooms)).toEqual(answers.map(() => before.rooms));
    await room.leave();
  });

  it('is refreshed once the cache is older than HEALTHZ_CACHE_MS', async () => {
    const server = await start({ healthCacheMs: 50, rateLimits: { exemptLoopback: true } });
    const before = (await (await main(server, '/healthz')).json()).rooms;
    const room = await new Client(`ws://127.0.0.1:${server.port}`).create('gomoku', { name: 'Bo' });
    expect(await eventually(async () => (await (await main(server, '/healthz')).json()).rooms === before + 1)).toBe(true);
    await room.leave();
  });
});
