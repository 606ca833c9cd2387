'use strict';
/**
 * Whether a build is up to date: its stamp (a file touched when the build began) is newer than
 * every source the build reads. One definition for `npm start` (scripts/build-if-stale.mjs,
 * which builds only what is stale, so a second start of an unchanged checkout listens in seconds)
 * and for the tests' builds (test/support/server-build.ts): the two share their stamps, so a
 * build made by either counts for both (the same command makes the same files).
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');

/** What the server's build reads (`npm run build:server`: tsc, then the one-file bundle), from the project's root. */
const SERVER_SOURCES = ['server', 'shared', 'scripts/bundle-server.mjs', 'scripts/parlor-launcher.cjs', 'tsconfig.json', 'package-lock.json'];
/** What the client's build reads (`npm run build:client`: vite). */
const CLIENT_SOURCES = ['client', 'shared', 'tsconfig.json', 'package-lock.json'];

/** The newest modification time (ms) under `entry`, a file or a directory; 0 when it does not exist. */
function newest(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) max = Math.max(max, newest(path.join(entry, child)));
  return max;
}

/** The stamp file of the build called `name` (`server`, `client <its output directory>`, a test project's). */
function stampOf(name) {
  return path.join(DIST, `.test-build-${name.replace(/[^\w]+/g, '_')}`);
}

/** Whether the stamp is newer than every source (paths from `root`, the project's by default). */
function isFresh(stamp, sources, root = ROOT) {
  const made = fs.statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return made > Math.max(...sources.map((s) => newest(path.resolve(root, s))));
}

/** Stamps a build with the time it began: a source saved during it makes the next check stale. */
function writeStamp(stamp, began) {
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, '');
  fs.utimesSync(stamp, began, began);
}

module.exports = { ROOT, DIST, SERVER_SOURCES, CLIENT_SOURCES, newest, stampOf, isFresh, writeStamp };
