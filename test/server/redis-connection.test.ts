/**
 * server/redis-connection.ts: loading the whole server (tsc's build, as `npm run dev` runs it)
 * does not load ioredis; the first connection does. Checked in a fresh Node process, whose
 * module cache is the server's alone.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { buildServer } from '../support/processes';

const ROOT = path.resolve(__dirname, '../..');
const loadsIoredis = (script: string) =>
  execFileSync(process.execPath, ['-e', `${script}; console.log(Object.keys(require.cache).some((f) => /[\\\\/]node_modules[\\\\/]ioredis[\\\\/]/.test(f)))`], { cwd: ROOT, encoding: 'utf8' }).trim();

beforeAll(() => buildServer(), 120000);

it('the server modules load without ioredis; the first connection loads it', () => {
  expect(loadsIoredis("require('./dist/server/app.js'); require('./dist/server/services.js')")).toBe('false');
  expect(loadsIoredis("require('./dist/server/redis-connection.js').connectRedis('redis://127.0.0.1:1', { lazyConnect: true })")).toBe('true');
});
