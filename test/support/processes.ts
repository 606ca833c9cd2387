/**
 * Real server processes for multi-process and crash tests: built once as `npm run build:server`
 * builds it (tsc, then the one-file bundle), started with `node dist/server/parlor.js` as
 * `npm start` does, on free ports, each test run on its own Redis database.
 */
import Redis from 'ioredis';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { claimTestDatabase } from './redis-database';
import { buildServer } from './server-build';
import { emptyDatabase, processDatabaseUrl } from './database';

const ROOT = path.resolve(__dirname, '../..');

/** Built once per source, one process at a time (test/support/server-build.ts). */
export { buildServer } from './server-build';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A Redis URL on a database of its own (1-15), held by this process alone, so parallel runs never share keys. */
export function testRedisUrl(): string {
  return `redis://127.0.0.1:6379/${claimTestDatabase()}`;
}

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  output: string[];
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** `script`: the entry to run, relative to the project (the table's tests run a server of their own game). */
export async function startServerProcess(port: number, env: Record<string, string>, script = 'dist/server/parlor.js'): Promise<ServerProcess> {
  // The database of record: this test process's PostgreSQL database, unless the test names one (or a DATA_DIR).
  const database = env.DATABASE_URL || env.DATA_DIR ? {} : { DATABASE_URL: await processDatabaseUrl() };
  const child = spawn(process.execPath, [path.join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_ADDRESS: `127.0.0.1:${port}`, RATE_LIMIT_EXEMPT_LOOPBACK: 'true',
      // Ranked rules lifted (any account plays rated at once, against anyone, as often as it likes), unless a test sets them.
      RANKED_MIN_ACCOUNT_AGE_HOURS: '0', RANKED_GAMES_PER_PAIR_PER_DAY: '0', RANKED_ESTABLISHED_GAMES: '0', RANKED_MIN_LOSER_MOVES: '0', ...database, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server on ${port} did not start: ${output.join('')}`)), 20000);
    child.stdout!.on('data', (d) => {
      if (String(d).includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`server on ${port} exited with ${code}: ${output.join('')}`)));
  });
  return {
    port,
    url: `ws://127.0.0.1:${port}`,
    child,
    output,
    stop: (signal: NodeJS.Signals = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/** Empties a test's Redis database (before and after a run: nothing leaks between runs). */
export async function emptyRedis(url: string): Promise<void> {
  const redis = new Redis(url);
  await redis.flushdb();
  redis.disconnect();
}

/**
 * For a test file of server processes: the server (or `project`) built once, a Redis database
 * of its own emptied before and after, and the process in `proc` killed after each test.
 */
export function serverProcessSuite(project?: string): { readonly redisUrl: string; proc: ServerProcess | undefined } {
  const suite = { redisUrl: testRedisUrl(), proc: undefined as ServerProcess | undefined };
  beforeAll(async () => {
    buildServer(project);
    await emptyRedis(suite.redisUrl);
    await emptyDatabase(await processDatabaseUrl());
  }, 120000);
  afterEach(async () => {
    await suite.proc?.stop('SIGKILL');
    suite.proc = undefined;
  });
  afterAll(() => emptyRedis(suite.redisUrl));
  return suite;
}
