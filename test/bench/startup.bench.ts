/**
 * `npm run bench -- startup`: the bundled server (`dist/server/parlor.js`, what `npm start` runs)
 * started again and again, each time timed from spawn to its "listening" line and to the first
 * answer of GET /healthz. The goal: start to listening unchanged by the database (≤ 0.4 s).
 * Run on the embedded default (PGlite in a data directory made by a first, untimed start: it opens
 * after the port does) and, when TEST_DATABASE_URL or the machine's PostgreSQL answers, on PostgreSQL.
 * The baseline is bare Node starting an HTTP server: what any start costs on this machine; beside
 * it, the bundle started without its launcher (scripts/parlor-launcher.cjs), which is the same
 * start without V8's code cache. The first, untimed start writes that cache.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPostgres } from '../../server/db/postgres';
import { percentile, report } from './timing';

const ROOT = path.resolve(__dirname, '../../..');
const STARTS = Number(process.env.STARTUP_RUNS ?? 12);
const BARE = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), () => console.log('listening'))`;

interface Start { line: number; http: number }

async function timeStart(args: string[], env: Record<string, string>, port: number): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  let line = 0;
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d;
    if (!line && out.includes('listening')) line = performance.now() - started;
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${out.slice(-500)}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        await res.text();
        return { line: line || performance.now() - started, http: performance.now() - started };
      } catch {
        await new Promise((r) => setTimeout(r, 5));
      }
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
}

async function series(name: string, args: string[], env: Record<string, string>, baseline?: number): Promise<number> {
  const starts: Start[] = [];
  for (let i = 0; i < STARTS; i++) starts.push(await timeStart(args, env, 31_000 + (i % 50)));
  const line = percentile(starts.map((s) => s.line), 50);
  const base = baseline === undefined ? undefined : { name: 'bare Node', value: baseline };
  report(`${name}: to the listening line, median`, line, 'ms', base);
  report(`${name}: to the first /healthz answer, median`, percentile(starts.map((s) => s.http), 50), 'ms', base);
  return line;
}

async function postgresAnswers(url: string): Promise<boolean> {
  try {
    const db = await openPostgres(url);
    await db.close();
    return true;
  } catch {
    return false;
  }
}

export async function benchStartup(): Promise<void> {
  console.log(`\nStart-up, ${STARTS} starts each (npm run build:server first)`);
  const bare = await series('bare Node http server', ['-e', BARE], {});
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parlor-startup-'));
  try {
    await timeStart(['dist/server/parlor.js'], { DATA_DIR: dataDir }, 30_999); // creates the data directory, untimed
    await series('Parlor, embedded PGlite', ['dist/server/parlor.js'], { DATA_DIR: dataDir }, bare);
    // The same bundle run without its launcher, so without V8's code cache (what Node 20 ran before the launcher).
    await series('Parlor, embedded PGlite, bundle without the code cache', ['dist/server/parlor-server.js'], { DATA_DIR: dataDir }, bare);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  // Another build side by side (e.g. an older commit's dist/server/parlor.js), on the same machine in the same run.
  const other = process.env.STARTUP_COMPARE;
  if (other) await series(`other build (${other})`, [other], {}, bare);
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await postgresAnswers(url)) await series('Parlor, PostgreSQL', ['dist/server/parlor.js'], { DATABASE_URL: url }, bare);
  else console.log(`(no PostgreSQL at ${url.replace(/\/\/[^@]*@/, '//…@')}: skipped)`);
}
