// `npm start`'s first step: builds the server and the client only when a source changed since
// their last build (scripts/build-freshness.cjs), so a second start of an unchanged checkout goes
// straight to listening. `--check` says what is stale and builds nothing (exit code 1 if anything is).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { ROOT, DIST, SERVER_SOURCES, CLIENT_SOURCES, isFresh, stampOf, writeStamp } = require('./build-freshness.cjs');

const clientDir = path.resolve(process.env.CLIENT_DIR || path.join(DIST, 'client'));
const npm = (script) => () => execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', script], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });

const builds = [
  // The stamp alone is not enough: a deleted output is stale whatever the stamp says.
  { what: 'server', stamp: stampOf('server'), sources: SERVER_SOURCES, output: path.join(DIST, 'server/parlor.js'), build: npm('build:server') },
  { what: 'client', stamp: stampOf(`client ${clientDir}`), sources: CLIENT_SOURCES, output: path.join(clientDir, 'index.html'), build: npm('build:client') },
];

const check = process.argv.includes('--check');
let stale = 0;
for (const { what, stamp, sources, output, build } of builds) {
  if (existsSync(output) && isFresh(stamp, sources)) {
    console.log(`${what}: up to date, not rebuilt`);
    continue;
  }
  stale++;
  if (check) {
    console.log(`${what}: stale`);
    continue;
  }
  console.log(`${what}: building (a source changed since its last build, or it was never built)`);
  const began = new Date();
  build();
  writeStamp(stamp, began);
}
if (check && stale > 0) process.exitCode = 1;
