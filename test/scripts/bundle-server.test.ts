/**
 * The one-file server (scripts/bundle-server.mjs), the process `npm start` runs: one copy of the
 * schema library (the encode-buffer size is set on the copy Colyseus uses), and the monitor
 * panel bundled with it, so that it sees this process's rooms and still finds its page's files.
 * The crash and multi-process tests (test/redis/) run the same file for everything else.
 */
import { Client } from '@colyseus/sdk';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildServer, freePort, startServerProcess, type ServerProcess } from '../support/processes';

const ROOT = path.resolve(__dirname, '../..');
const ADMIN_PASSWORD = 'bundle-test-password';
let server: ServerProcess | undefined;

beforeAll(() => buildServer(), 120000);
afterAll(() => server?.stop('SIGKILL'));

it('holds one copy of @colyseus/schema, so the 4 KB encode buffers reach the rooms', () => {
  const bundle = readFileSync(path.join(ROOT, 'dist/server/parlor.js'), 'utf8');
  expect(bundle.match(/static BUFFER_SIZE\s*=/g)).toHaveLength(1);
});

it('serves the monitor panel, its page and a room of this process', async () => {
  server = await startServerProcess(await freePort(), { REDIS_URL: '', ADMIN_PASSWORD });
  const auth = { authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}` };
  const base = `http://127.0.0.1:${server.port}`;
  const page = await fetch(`${base}/colyseus/`, { headers: auth });
  expect(page.status).toBe(200);
  expect(await page.text()).toMatch(/<div id="app">/);
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
