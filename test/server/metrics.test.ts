/**
 * `/metrics` against the real server (with Redis, so rooms are saved): rooms and clients per
 * game, messages and rejections by type and code, save and action-to-broadcast latencies,
 * default Node metrics, bounded labels, the bearer token; and the operator panel is absent
 * without an admin password.
 */
import path from 'node:path';
import { Client, type Room } from '@colyseus/sdk';
import { startParlor, type RunningParlor } from '../../server/app';
import { ParlorMetrics } from '../../server/metrics';
import { emptyRedis, testRedisUrl } from '../support/processes';
import { nextMessage, waitForState } from '../support/server';
import { testFileDatabase } from '../support/database';

jest.setTimeout(30000);

const TOKEN = 'metrics-token-for-tests-0123456789';
const redisUrl = testRedisUrl();
let server: RunningParlor;
let base: string;

beforeAll(async () => {
  await emptyRedis(redisUrl);
  server = await startParlor({
    port: 0, host: '127.0.0.1', redisUrl, publicAddress: undefined, clientDir: path.resolve(__dirname, '../../dist/client'), metricsToken: TOKEN,
  }, { database: await testFileDatabase() });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server?.stop();
  await emptyRedis(redisUrl);
});

async function scrape(): Promise<string> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of a sample `name{labels}` (0 when absent), matching the given labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(match[3]);
  }
  return 0;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('GET /metrics needs the bearer token when METRICS_TOKEN is set', async () => {
  expect((await fetch(`${base}/metrics`)).status).toBe(401);
  expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
});

it('serves the Prometheus text format with the default Node process metrics and every Parlor metric', async () => {
  const text = await scrape();
  for (const name of [
    'process_cpu_user_seconds_total', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds',
    'parlor_rooms', 'parlor_clients', 'parlor_messages_total', 'parlor_rejections_total', 'parlor_rate_limited_messages_total',
    'parlor_room_save_seconds', 'parlor_action_to_broadcast_seconds', 'parlor_http_rate_limited_total', 'parlor_matchmake_refusals_total',
    'parlor_computer_decisions_total', 'parlor_computer_games', 'parlor_computer_waiting', 'parlor_computer_thinking',
  ]) {
    expect([name, text.includes(`# TYPE ${name} `)]).toEqual([name, true]);
  }
});

it('counts rooms and clients (players and spectators) per game on this process, at scrape time', async () => {
  const before = await scrape();
  const client = new Client(server.url);
  const ada = await client.create('gomoku', { name: 'Ada' });
  const bo = await client.joinById(ada.roomId, { name: 'Bo' });
  const wes = await client.joinById(ada.roomId, { name: 'Wes', spectate: true });
  await waitForState(ada, (s: any) => s.spectators === 1);
  const during = await scrape();
  expect(sample(during, 'parlor_rooms', { game: 'gomoku' })).toBe(sample(before, 'parlor_rooms', { game: 'gomoku' }) + 1);
  expect(sample(during, 'parlor_clients', { game: 'gomoku' })).toBe(sample(before, 'parlor_clients', { game: 'gomoku' }) + 3);
  await Promise.all([ada.leave(), bo.leave(), wes.leave()]);
  await until(async () => sample(await scrape(), 'parlor_rooms', { game: 'gomoku' }) === sample(before, 'parlor_rooms', { game: 'gomoku' }), 'the room is gone from the gauge');
  expect(sample(await scrape(), 'parlor_clients', { game: 'gomoku' })).toBe(sample(before, 'parlor_clients', { game: 'gomoku' }));
});

it('counts messages by type, rejections by code, and times saves and action-to-broadcast', async () => {
  const client = new Client(server.url);
  const ada = await client.create('gomoku', { name: 'Ada' });
  const bo = await client.joinById(ada.roomId, { name: 'Bo' });
  const state = await waitForState(ada, (s: any) => s.phase === 'swap2_placement' && Boolean(s.toMove));
  const [mover, waiter]: Room[] = (state as any).toMove === ada.sessionId ? [ada, bo] : [bo, ada];
  const before = await scrape();

  const refused = nextMessage(waiter, 'error');
  waiter.send('place', { x: 1, y: 1 });
  expect((await refused).code).toBe('not_your_turn');
  const unknown = nextMessage(mover, 'error');
  mover.send('no_such_type', {});
  expect((await unknown).code).toBe('unknown_message');
  mover.send('place', { x: 7, y: 7 });
  await waitForState(waiter, (s: any) => s.turn >= 1);

  await until(async () => {
    const after = await scrape();
    return sample(after, 'parlor_action_to_broadcast_seconds_count', { game: 'gomoku' }) > sample(before, 'parlor_action_to_broadcast_seconds_count', { game: 'gomoku' })
      && sample(after, 'parlor_room_save_seconds_count', { game: 'gomoku' }) > sample(before, 'parlor_room_save_seconds_count', { game: 'gomoku' });
  }, 'the action and its save are timed');
  const after = await scrape();
  const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
  expect(delta('parlor_messages_total', { game: 'gomoku', type: 'place' })).toBe(2);
  expect(delta('parlor_messages_total', { game: 'gomoku', type: 'unknown' })).toBe(1);
  expect(delta('parlor_rejections_total', { game: 'gomoku', code: 'not_your_turn' })).toBe(1);
  expect(delta('parlor_rejections_total', { game: 'gomoku', code: 'unknown_message' })).toBe(1);
  expect(after).not.toMatch(/type="no_such_type"/);
  await Promise.all([ada.leave(), bo.leave()]);
});

it('the rooms API records what it is given, with bounded label values', async () => {
  const before = await scrape();
  server.rooms.metrics.message('flip7', 'hit');
  server.rooms.metrics.rejection('flip7', 'not_host');
  server.rooms.metrics.rateLimited('flip7', 'dropped');
  server.rooms.metrics.rateLimited('flip7', 'disconnected');
  server.rooms.metrics.saveSeconds('flip7', 0.003);
  server.rooms.metrics.actionToBroadcastSeconds('flip7', 0.0004);
  server.rooms.metrics.actionToBroadcastSeconds('flip7', Number.NaN); // ignored
  server.rooms.metrics.message('flip7', 'weird type with spaces {"x":1}');
  const after = await scrape();
  const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
  expect(delta('parlor_messages_total', { game: 'flip7', type: 'hit' })).toBe(1);
  expect(delta('parlor_rejections_total', { game: 'flip7', code: 'not_host' })).toBe(1);
  expect(delta('parlor_rate_limited_messages_total', { game: 'flip7', outcome: 'dropped' })).toBe(1);
  expect(delta('parlor_rate_limited_messages_total', { game: 'flip7', outcome: 'disconnected' })).toBe(1);
  expect(delta('parlor_room_save_seconds_bucket', { game: 'flip7', le: '0.005' })).toBe(1);
  expect(delta('parlor_room_save_seconds_bucket', { game: 'flip7', le: '0.0025' })).toBe(0);
  expect(delta('parlor_action_to_broadcast_seconds_count', { game: 'flip7' })).toBe(1);
  expect(delta('parlor_messages_total', { game: 'flip7', type: 'other' })).toBe(1);
  expect(after).not.toContain('weird type');
  // A flood of distinct values ends in "other" too: the series stay few.
  for (let i = 0; i < 200; i++) server.rooms.metrics.rejection('flip7', `code_${i}`);
  const codes = new Set([...(await scrape()).matchAll(/parlor_rejections_total\{[^}]*code="([^"]+)"/g)].map((m) => m[1]));
  expect(codes.size).toBeLessThanOrEqual(65);
  expect(codes.has('other')).toBe(true);
});

it('two servers in one process count apart: each has its own registry', async () => {
  const other = new ParlorMetrics();
  const before = await scrape();
  other.message('flip7', 'stay');
  other.message('flip7', 'stay');
  const after = await scrape();
  expect(sample(after, 'parlor_messages_total', { game: 'flip7', type: 'stay' }) - sample(before, 'parlor_messages_total', { game: 'flip7', type: 'stay' })).toBe(0);
  expect(await other.registry.metrics()).toMatch(/^parlor_messages_total\{game="flip7",type="stay"\} 2$/m);
});

it('matchmaking refusals are counted by HTTP status', async () => {
  const before = await scrape();
  await fetch(`${base}/matchmake/create/gomoku`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'null' });
  await fetch(`${base}/matchmake/create/no_such_room`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const after = await scrape();
  expect(sample(after, 'parlor_matchmake_refusals_total', { status: '400' }) - sample(before, 'parlor_matchmake_refusals_total', { status: '400' })).toBe(1);
  expect(sample(after, 'parlor_matchmake_refusals_total', { status: '404' }) - sample(before, 'parlor_matchmake_refusals_total', { status: '404' })).toBe(1);
});

it('without ADMIN_PASSWORD the monitor panel is not mounted: /colyseus is a 404', async () => {
  for (const route of ['/colyseus', '/colyseus/', '/colyseus/api']) {
    const res = await fetch(`${base}${route}`);
    expect([route, res.status, await res.json()]).toEqual([route, 404, { error: 'not found', code: 'not_found' }]);
  }
});
