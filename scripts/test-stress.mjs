// npm run test:stress: the suites whose outcome a busy machine could change — real browsers
// and real server processes — run while a CPU hog takes one core, twice in a row. A test that
// passed only because the machine was idle (a sleep long enough, a poll that happened to catch
// a moment) fails here instead of in someone's CI run (issue 26). Exits non-zero if any run fails.
//
//   npm run test:stress                                   the suites below, twice
//   npm run test:stress -- --runs 1 test/browser/flip7.browser.test.ts
//   options: --runs N (2), --workers N (jest's --maxWorkers, 1), --hog stress-ng|node
//
// The hog is Debian's stress-ng (one CPU worker) when installed, else a Node busy loop; it is
// killed when the runs end, fail, or are interrupted (and the Node loop ends itself if this
// script dies without killing it).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STRESS_NG = '/usr/bin/stress-ng';
/** Every suite that drives a browser or starts server processes. */
const SUITES = ['test/browser', 'test/redis', 'test/scripts', 'test/server/process-guard.test.ts', 'test/server/redis-connection.test.ts'];

function parseArgs(argv) {
  const options = { runs: 2, workers: 1, hog: existsSync(STRESS_NG) ? 'stress-ng' : 'node', paths: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--runs') options.runs = Number(argv[++i]);
    else if (arg === '--workers') options.workers = Number(argv[++i]);
    else if (arg === '--hog') options.hog = argv[++i];
    else options.paths.push(arg);
  }
  if (!(options.runs >= 1) || !(options.workers >= 1) || !['stress-ng', 'node'].includes(options.hog)) {
    throw new Error(`usage: test-stress.mjs [--runs N] [--workers N] [--hog stress-ng|node] [paths...]; got ${argv.join(' ')}`);
  }
  if (options.paths.length === 0) options.paths = SUITES;
  return options;
}

/** One core kept busy, in a process group of its own (stress-ng forks its worker). */
function startHog(kind) {
  const child = kind === 'stress-ng'
    // A time limit too, in case this script is killed with no chance to stop it.
    ? spawn(STRESS_NG, ['--cpu', '1', '--timeout', '4h', '--quiet'], { detached: true, stdio: 'ignore' })
    : spawn(process.execPath, ['-e', 'const parent = process.ppid; for (let i = 1; ; i++) if (i % 5e7 === 0 && process.ppid !== parent) process.exit(0);'], { detached: true, stdio: 'ignore' });
  child.on('error', (err) => {
    process.stderr.write(`test:stress: the CPU hog did not start: ${err.message}\n`);
    process.exit(1);
  });
  return child;
}

function stopHog(hog) {
  if (!hog || hog.exitCode !== null || hog.signalCode !== null) return;
  try {
    process.kill(-hog.pid, 'SIGKILL'); // its group: stress-ng and its worker
  } catch {
    hog.kill('SIGKILL');
  }
}

function runJest(paths, workers) {
  return new Promise((resolve) => {
    const jest = spawn(process.execPath, [path.join(ROOT, 'node_modules/jest/bin/jest.js'), `--maxWorkers=${workers}`, ...paths], { cwd: ROOT, stdio: 'inherit' });
    current = jest;
    jest.on('exit', (code, signal) => {
      current = undefined;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

let hog;
let current;
process.on('exit', () => stopHog(hog));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    current?.kill(signal);
    stopHog(hog);
    process.exit(128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 })[signal]);
  });
}

const options = parseArgs(process.argv.slice(2));
hog = startHog(options.hog);
process.stdout.write(`test:stress: CPU hog ${options.hog} on one core (pid ${hog.pid}); ${options.runs} runs of ${options.paths.join(' ')} with ${options.workers} jest worker(s)\n`);
const results = [];
for (let run = 1; run <= options.runs; run++) {
  const start = Date.now();
  const code = await runJest(options.paths, options.workers);
  const hogAlive = hog.exitCode === null && hog.signalCode === null;
  results.push({ run, code, seconds: Math.round((Date.now() - start) / 1000), hogAlive });
  process.stdout.write(`test:stress: run ${run} of ${options.runs} ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${results.at(-1).seconds} s${hogAlive ? '' : ' (the CPU hog had stopped)'}\n`);
}
stopHog(hog);
const failed = results.filter((r) => r.code !== 0 || !r.hogAlive);
process.stdout.write(`test:stress: ${results.length - failed.length} of ${results.length} runs passed under load; ${results.map((r) => `${r.seconds} s`).join(', ')}\n`);
process.exit(failed.length > 0 ? 1 : 0);
