// A jest reporter (package.json "jest.reporters"): after a run of several files, the slowest
// tests with their times, and a warning naming any test over the limit (60 s). A test that long
// is one a busy machine pushes past its timeout: split it or make it faster. It
// warns instead of failing: a test's time depends on the machine, and a red run must mean a bug.
// Last, the failing tests with the head of each failure, between FAILURES_BEGIN and FAILURES_END:
// CI keeps only the tail of a run's output, and jest's own summary of failures is skipped below
// 20 files. scripts/run-tests.mjs prints that block again after both halves have ended.
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

export const FAILURES_BEGIN = 'Failing tests:';
export const FAILURES_END = 'End of failing tests.';
const FAILURE_LINES = 30;

export default class SlowestTests {
  constructor(globalConfig, options = {}) {
    this.root = globalConfig.rootDir;
    this.limitMs = (options.limitSeconds ?? 60) * 1000;
    this.top = options.top ?? 10;
    this.tests = [];
    this.files = 0;
    this.failures = [];
  }

  onTestResult(_test, result) {
    this.files++;
    const file = path.relative(this.root, result.testFilePath);
    for (const t of result.testResults) {
      if (typeof t.duration === 'number') this.tests.push({ file, name: t.fullName, ms: t.duration });
      if (t.status === 'failed') this.failures.push({ file, name: t.fullName, message: t.failureMessages.join('\n') });
    }
    // A file that failed outside its tests (a syntax error, a hook that threw) has no failed test of its own.
    if (result.testExecError || (result.failureMessage && !result.testResults.some((t) => t.status === 'failed'))) {
      this.failures.push({ file, name: '(the file itself)', message: result.testExecError?.message ?? result.failureMessage ?? '' });
    }
  }

  onRunComplete() {
    this.printSlowest();
    this.printFailures();
  }

  printFailures() {
    if (this.failures.length === 0) return;
    const out = [FAILURES_BEGIN];
    for (const f of this.failures) {
      // Without colour codes or node_modules' frames, and only the head: the assertion and our frames name the cause.
      const lines = stripVTControlCharacters(f.message).split('\n').filter((l) => !l.includes('node_modules/'));
      out.push(`  ✕ ${f.file} › ${f.name}`, ...lines.slice(0, FAILURE_LINES).map((l) => `      ${l}`));
      if (lines.length > FAILURE_LINES) out.push(`      … ${lines.length - FAILURE_LINES} more lines above in the run's output`);
    }
    out.push(FAILURES_END);
    process.stderr.write(`\n${out.join('\n')}\n`);
  }

  printSlowest() {
    if (this.files < 2 || this.tests.length === 0) return;
    const slowest = [...this.tests].sort((a, b) => b.ms - a.ms).slice(0, this.top);
    const line = (t) => `  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.file} › ${t.name}`;
    const out = [`Slowest ${slowest.length} tests:`, ...slowest.map(line)];
    const over = this.tests.filter((t) => t.ms > this.limitMs);
    if (over.length > 0) out.push(`Over ${this.limitMs / 1000} s (split them or make them faster):`, ...over.map(line));
    process.stderr.write(`\n${out.join('\n')}\n`);
  }
}
