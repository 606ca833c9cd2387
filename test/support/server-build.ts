/**
 * The builds tests run — the server's (`npm run build:server`: tsc, then the one-file bundle) and
 * the client's — each made at most once for a given source and never by two processes at once. Each process-test
 * file used to build in its beforeAll: on a busy machine that took close to a minute (past its
 * hook's timeout), and two jest workers building together rewrote dist/ under a server another
 * test was starting. Now a build takes a machine-wide lock, and is skipped when the stamp it
 * leaves is newer than every source it reads.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DIST, ROOT, SERVER_SOURCES, isFresh, stampOf, writeStamp } from '../../scripts/build-freshness.cjs';
import { lock, unlock } from './pid-lock';

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
  // The staleness check and the stamps are `npm start`'s too (scripts/build-freshness.cjs).
  const stamp = stampOf(name);
  const fresh = () => isFresh(stamp, sources);
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
    writeStamp(stamp, started);
  } finally {
    unlock(held);
  }
}

/** `project`: another tsc project to build instead (a test's own server, run unbundled). */
export function buildServer(project?: string): void {
  const name = project ? project.replace(/[^\w]+/g, '_') : 'server';
  buildOnce(name, [...SERVER_SOURCES, ...(project ? [path.dirname(project)] : [])], () => {
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project ?? 'server/tsconfig.json'], { cwd: ROOT, stdio: 'pipe' });
    if (!project) execFileSync(process.execPath, [path.join(ROOT, 'scripts/bundle-server.mjs')], { cwd: ROOT, stdio: 'pipe' });
  });
}
