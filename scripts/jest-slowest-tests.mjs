// A jest reporter (package.json "jest.reporters"): after a run of several files, the slowest
// tests with their times, and a warning naming any test over the limit (60 s). A test that long
// is one a busy machine pushes past its timeout: split it or make it faster (issue 26). It
// warns instead of failing: a test's time depends on the machine, and a red run must mean a bug.
import path from 'node:path';

export default class SlowestTests {
  constructor(globalConfig, options = {}) {
    this.root = globalConfig.rootDir;
    this.limitMs = (options.limitSeconds ?? 60) * 1000;
    this.top = options.top ?? 10;
    this.tests = [];
    this.files = 0;
  }

  onTestResult(_test, result) {
    this.files++;
    const file = path.relative(this.root, result.testFilePath);
    for (const t of result.testResults) if (typeof t.duration === 'number') this.tests.push({ file, name: t.fullName, ms: t.duration });
  }

  onRunComplete() {
    if (this.files < 2 || this.tests.length === 0) return;
    const slowest = [...this.tests].sort((a, b) => b.ms - a.ms).slice(0, this.top);
    const line = (t) => `  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.file} › ${t.name}`;
    const out = [`Slowest ${slowest.length} tests:`, ...slowest.map(line)];
    const over = this.tests.filter((t) => t.ms > this.limitMs);
    if (over.length > 0) out.push(`Over ${this.limitMs / 1000} s (split them or make them faster):`, ...over.map(line));
    process.stderr.write(`\n${out.join('\n')}\n`);
  }
}
