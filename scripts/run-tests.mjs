// npm test's jest step: two jest processes side by side, one worker each — the browser suites
// (test/browser, and three process suites) in one, every other suite in the other. On the 2-core machines this project
// runs on, jest alone uses one worker (22-25 minutes); two workers of one jest took 14 minutes
// but could run two Chromiums at once, each with several processes of its own, against the
// tests' timeouts. Split this way, at most one browser runs, and the rules, the server tests
// and the process tests use the other core.
//
//   node scripts/run-tests.mjs [jest options...]   (passed to both, e.g. --ci)
//
// Each line of output is prefixed with its half; each half prints its own summary and slowest
// tests. Exits non-zero if either half fails (both always run to the end). A half's failing
// tests (its reporter's block, scripts/jest-slowest-tests.mjs) are printed again at the very end,
// where a log that keeps only its tail still shows them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { FAILURES_BEGIN, FAILURES_END } from './jest-slowest-tests.mjs';
import { WITH_BROWSERS } from './test-halves.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const JEST = path.join(ROOT, 'node_modules/jest/bin/jest.js');
const extra = process.argv.slice(2);

// --forceExit: once every test has finished, the half ends even if something a test started
// still holds the event loop (a room a failed test left behind): its results are in, and a run
// that never ends reports nothing. Such a leak is still printed (jest names the forced exit).
const HALVES = [
  { name: 'browser', args: ['--maxWorkers=1', '--forceExit', ...WITH_BROWSERS] },
  { name: 'others ', args: ['--maxWorkers=1', '--forceExit', ...WITH_BROWSERS.map((p) => `--testPathIgnorePatterns=/${p}`)] },
];

function run({ name, args }) {
  const started = Date.now();
  const child = spawn(process.execPath, [JEST, ...args, ...extra], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const failures = [];
  let inFailures = false;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      process.stdout.write(`[${name}] ${line}\n`);
      if (line === FAILURES_BEGIN) inFailures = true;
      else if (line === FAILURES_END) inFailures = false;
      else if (inFailures) failures.push(line);
    });
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ name: name.trim(), code: code ?? 1, signal, failures, seconds: Math.round((Date.now() - started) / 1000) }));
  });
}

const results = await Promise.all(HALVES.map(run));
for (const r of results) if (r.failures.length > 0) console.log(`run-tests: ${r.name} failed these tests:\n${r.failures.join('\n')}`);
for (const r of results) console.log(`run-tests: ${r.name} ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code}${r.signal ? `, ${r.signal}` : ''})`} in ${r.seconds} s`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
