// npm run test:stress: the suites whose outcome a busy machine could change — real browsers
// and real server processes — run while CPU hogs keep the machine busy, twice in a row. A test
// that passed only because the machine was idle (a sleep long enough, a poll that happened to
// catch a moment) fails here instead of in someone's CI run. Exits non-zero if any run fails.
//
//   npm run test:stress                                   the suites below, twice, one core kept busy
//   npm run test:stress -- --heavy --browser-half         npm test's browser half with every core buried
//   npm run test:stress -- --runs 1 test/browser/flip7.browser.test.ts
//   options: --runs N (2), --workers N (jest's --maxWorkers, 1), --hog stress-ng|node,
//            --heavy (4 hogs a core: a load average near 10 on 2 cores, as a machine shared with
//            other work has), --burners N (that many hogs instead), --browser-half (the suites
//            npm test runs beside the browsers, scripts/test-halves.mjs, instead of the list below)
//
// The hogs run at normal priority: other work on a shared machine does too. They are Debian's
// stress-ng (N CPU workers) when installed, else N Node busy loops; they are killed when the runs
// end, fail, or are interrupted (and a Node loop ends itself if this script dies without killing
// it). The 1-minute load average is sampled through each run and printed with its outcome.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WITH_BROWSERS } from './test-halves.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STRESS_NG = '/usr/bin/stress-ng';
/** Every suite that drives a browser or starts server processes. */
const SUITES = ['test/browser', 'test/redis', 'test/scripts', 'test/server/process-guard.test.ts', 'test/server/redis-connection.test.ts'];
/** Hogs a core under --heavy: with the tests' own processes, a load average near 10 on this project's 2-core machines. */
const HEAVY_PER_CORE = 4;

function parseArgs(argv) {
  const options = { runs: 2, workers: 1, hog: existsSync(STRESS_NG) ? 'stress-ng' : 'node', burners: 1, browserHalf: false, paths: [] };
  let burners;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--runs') options.runs = Number(argv[++i]);
    else if (arg === '--workers') options.workers = Number(argv[++i]);
    else if (arg === '--hog') options.hog = argv[++i];
    else if (arg === '--heavy') burners ??= HEAVY_PER_CORE * availableParallelism();
    else if (arg === '--burners') burners = Number(argv[++i]);
    else if (arg === '--browser-half') options.browserHalf = true;
    else options.paths.push(arg);
  }
  options.burners = burners ?? 1;
  const valid = options.runs >= 1 && options.workers >= 1 && Number.isInteger(options.burners) && options.burners >= 1 && ['stress-ng', 'node'].includes(options.hog);
  if (!valid || (options.browserHalf && options.paths.length > 0)) {
    throw new Error(`usage: test-stress.mjs [--runs N] [--workers N] [--hog stress-ng|node] [--heavy | --burners N] [--browser-half | paths...]; got ${argv.join(' ')}`);
  }
  if (options.browserHalf) options.paths = WITH_BROWSERS;
  if (options.paths.length === 0) options.paths = SUITES;
  return options;
}

/** `count` busy loops, each in a process group of its own (stress-ng forks its workers). */
function startHogs(kind, count) {
  const started = kind === 'stress-ng'
    // A time limit too, in case this script is killed with no chance to stop it.
    ? [spawn(STRESS_NG, ['--cpu', String(count), '--timeout', '4h', '--quiet'], { detached: true, stdio: 'ignore' })]
    : Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'const parent = process.ppid; for (let i = 1; ; i++) if (i % 5e7 === 0 && process.ppid !== parent) process.exit(0);'], { detached: true, stdio: 'ignore' }));
  for (const child of started) {
    child.on('error', (err) => {
      process.stderr.write(`test:stress: a CPU hog did not start: ${err.message}\n`);
      process.exit(1);
    });
  }
  return started;
}

const alive = (child) => child.exitCode === null && child.signalCode === null;

function stopHogs(children) {
  for (const child of children) {
    if (!alive(child)) continue;
    try {
      process.kill(-child.pid, 'SIGKILL'); // its group: stress-ng and its workers
    } catch {
      child.kill('SIGKILL');
    }
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

/** The 1-minute load average every 10 s while a run goes: its lowest, middle and highest, as figures to print. */
function sampleLoad() {
  const samples = [];
  const timer = setInterval(() => samples.push(loadavg()[0]), 10000);
  return () => {
    clearInterval(timer);
    const sorted = samples.sort((a, b) => a - b);
    if (sorted.length === 0) return 'load average not sampled (under 10 s)';
    return `load average ${sorted[0].toFixed(1)} / ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} / ${sorted.at(-1).toFixed(1)} (min / median / max)`;
  };
}

let hogs = [];
let current;
process.on('exit', () => stopHogs(hogs));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    current?.kill(signal);
    stopHogs(hogs);
    process.exit(128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 })[signal]);
  });
}

const options = parseArgs(process.argv.slice(2));
hogs = startHogs(options.hog, options.burners);
process.stdout.write(`test:stress: ${options.burners} CPU hog(s) (${options.hog}, ${availableParallelism()} cores; pids ${hogs.map((h) => h.pid).join(' ')}); ${options.runs} runs of ${options.paths.join(' ')} with ${options.workers} jest worker(s)\n`);
const results = [];
for (let run = 1; run <= options.runs; run++) {
  const start = Date.now();
  const load = sampleLoad();
  const code = await runJest(options.paths, options.workers);
  const hogsAlive = hogs.every(alive);
  results.push({ run, code, seconds: Math.round((Date.now() - start) / 1000), hogsAlive, load: load() });
  const r = results.at(-1);
  process.stdout.write(`test:stress: run ${run} of ${options.runs} ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${r.seconds} s; ${r.load}${hogsAlive ? '' : ' (a CPU hog had stopped)'}\n`);
}
stopHogs(hogs);
const failed = results.filter((r) => r.code !== 0 || !r.hogsAlive);
process.stdout.write(`test:stress: ${results.length - failed.length} of ${results.length} runs passed under load; ${results.map((r) => `${r.seconds} s`).join(', ')}\n`);
process.exit(failed.length > 0 ? 1 : 0);
