/**
 * The one-file server (scripts/bundle-server.mjs), the process `npm start` runs: one copy of the
 * schema library (the encode-buffer size is set on the copy Colyseus uses), and the monitor
 * panel bundled with it, so that it sees this process's rooms and still finds its page's files.
 * The crash and multi-process tests (test/redis/) run the same file for everything else.
 */
import { Client } from '@colyseus/sdk';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer, freePort, startServerProcess, type ServerProcess } from '../support/processes';

const ROOT = path.resolve(__dirname, '../..');
const ADMIN_PASSWORD = 'bundle-test-password';
let server: ServerProcess | undefined;

beforeAll(() => buildServer(), 120000);
afterAll(() => server?.stop('SIGKILL'));

it('holds one copy of @colyseus/schema, so the 4 KB encode buffers reach the rooms', () => {
  const bundle = readFileSync(path.join(ROOT, 'dist/server/parlor-server.js'), 'utf8');
  expect(bundle.match(/static BUFFER_SIZE\s*=/g)).toHaveLength(1);
});

it('serves the monitor panel, its page and a room of this process', async () => {
  server = await startServerProcess(await freePort(), { REDIS_URL: '', ADMIN_PASSWORD });
  const auth = { authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}` };
  const base = `http://127.0.0.1:${server.port}`;
  const page = await fetch(`${base}/colyseus/`, { headers: auth });
  expect(page.status).toBe(200);
  // The monitor's own page, found in its package at run time, with the script that sends its room calls as POSTs.
  expect(await page.text()).toMatch(/<script src="\/colyseus\/parlor-room-calls\.js"><\/script>[\s\S]*<div id="app">/);
  const room = await new Client(server.url).create('gomoku', { name: 'Ada' });
  const api = await fetch(`${base}/colyseus/api/room?roomId=${room.roomId}`, { headers: auth });
  expect(api.status).toBe(200);
  expect(await api.json()).toMatchObject({ clients: [expect.objectContaining({ sessionId: room.sessionId })] });
  await room.leave();
});

it('logs its start without false alarms: no Colyseus line calling the tables\' onAuth ignored (server/log.ts)', () => {
  const lines = server!.output.join('').split('\n').filter(Boolean);
  expect(lines.some((line) => line.includes('Parlor listening'))).toBe(true);
  expect(lines.filter((line) => line.includes('onAuth'))).toEqual([]);
});

it('starts through V8\'s code cache: the first start writes it once listening, the next reads it and leaves it as it is', async () => {
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'parlor-code-cache-'));
  try {
    const env = { REDIS_URL: '', PARLOR_CODE_CACHE_DIR: cacheDir };
    const first = await startServerProcess(await freePort(), env);
    const end = Date.now() + 20_000;
    while (readdirSync(cacheDir).filter((f) => f.endsWith('.bin')).length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    await first.stop('SIGKILL');
    const [cache] = readdirSync(cacheDir);
    expect(cache).toMatch(/^[0-9a-f]{32}\.bin$/);
    const written = statSync(path.join(cacheDir, cache));
    expect(written.size).toBeGreaterThan(100_000);
    // A cache V8 refused would be written again: the second start used it.
    const second = await startServerProcess(await freePort(), env);
    const room = await new Client(second.url).create('gomoku', { name: 'Ada' });
    expect(room.roomId).toBeTruthy();
    await room.leave();
    await second.stop('SIGKILL');
    expect(readdirSync(cacheDir)).toEqual([cache]);
    expect(statSync(path.join(cacheDir, cache)).mtimeMs).toBe(written.mtimeMs);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}, 60_000);
