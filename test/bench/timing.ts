/** Measures a function by running it in batches until enough time has passed. */
export function opsPerSecond(fn: () => void, minMs = 400): number {
  let runs = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < minMs) {
    for (let i = 0; i < 100; i++) fn();
    runs += 100;
    elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  }
  return (runs / elapsed) * 1000;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function report(name: string, value: number, unit: string, baseline?: { name: string; value: number }): void {
  const ratio = baseline ? `  (${(value / baseline.value).toFixed(2)}x ${baseline.name})` : '';
  console.log(`${name.padEnd(48)} ${value.toFixed(value < 10 ? 3 : 0).padStart(12)} ${unit}${ratio}`);
}
