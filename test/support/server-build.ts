/**
 * The builds tests run — the server's (`npm run build:server`: tsc, then the one-file bundle) and
 * the client's — each made at most once for a given source and never by two processes at once. Each process-test
 * file used to build in its beforeAll: on a busy machine that took close to a minute (past its
 * hook's timeout), and two jest workers building together rewrote dist/ under a server another
 * test was starting. Now a build takes a machine-wide lock, and is skipped when the stamp it
 * leaves is newer than every source it reads.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { lock, unlock } from './pid-lock';

const ROOT = path.resolve(__dirname, '../..');
const DIST = path.join(ROOT, 'dist');
/** What every build reads, besides a test project's own directory. */
const SOURCES = ['server', 'shared', 'scripts/bundle-server.mjs', 'scripts/parlor-launcher.cjs', 'tsconfig.json', 'package-lock.json'];

/** The newest modification time (ms) under `entry`, a file or a directory. */
function newest(entry: string): number {
  const stat = statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const child of readdirSync(entry)) max = Math.max(max, newest(path.join(entry, child)));
  return max;
}

/** Blocks this thread for `ms` (the build is synchronous, and so is waiting for another's). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `build` unless the stamp `name` is newer than every source under `sources` (paths from the
 * project's root), under the machine-wide build lock: one build at a time, and none twice for the
 * same sources. The client's build (browser.ts) uses it too: every browser-test file used to run
 * vite, ~15 builds a run, each emptying dist/client under a page another worker was loading.
 */
export function buildOnce(name: string, sources: readonly string[], build: () => void): void {
  mkdirSync(DIST, { recursive: true });
  const stamp = path.join(DIST, `.test-build-${name.replace(/[^\w]+/g, '_')}`);
  const paths = sources.map((s) => path.resolve(ROOT, s));
  const fresh = () => (statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0) > Math.max(...paths.map(newest));
  if (fresh()) return;
  const held = path.join(DIST, '.test-build.lock');
  for (const deadline = Date.now() + 600_000; !lock(held); pause(200)) {
    if (Date.now() > deadline) throw new Error(`another process has held ${held} for 10 minutes`);
  }
  try {
    if (fresh()) return; // built by the process that held the lock
    const started = new Date();
    build();
    // Stamped with the time the build began: a source saved during it makes the next call build again.
    writeFileSync(stamp, '');
    utimesSync(stamp, started, started);
  } finally {
    unlock(held);
  }
}

/** `project`: another tsc project to build instead (a test's own server, run unbundled). */
export function buildServer(project?: string): void {
  const name = project ? project.replace(/[^\w]+/g, '_') : 'server';
  buildOnce(name, [...SOURCES, ...(project ? [path.dirname(project)] : [])], () => {
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project ?? 'server/tsconfig.json'], { cwd: ROOT, stdio: 'pipe' });
    if (!project) execFileSync(process.execPath, [path.join(ROOT, 'scripts/bundle-server.mjs')], { cwd: ROOT, stdio: 'pipe' });
  });
}
