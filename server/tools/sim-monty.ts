/**
 * `npm run sim:monty -- --games 1000000 [--seed S]`: plays Monty Hall games through the shared
 * rules, half sticking and half switching, and prints the observed win rates with the seed's
 * 90/95/99% confidence intervals next to the theory (1/3 and 2/3). Seeded (Mulberry32), so a
 * run can be repeated; progress is printed as it goes.
 */
import { Mulberry32 } from '../../shared/core/rng';
import { applyAction, EMPTY_STATS, newGame, record, summary, THEORETICAL, type Statistics } from '../../shared/games/monty-hall';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a non-negative integer`);
  return value;
}

export function simulate(games: number, seed: number, onProgress?: (done: number) => void): Statistics {
  const rng = new Mulberry32(seed);
  let stats = EMPTY_STATS;
  const step = Math.max(1, Math.floor(games / 10));
  for (let i = 0; i < games; i++) {
    const picked = applyAction(newGame(rng), { type: 'select', door: 1 + Math.floor(rng.next() * 3) }, rng);
    if (!picked.ok) throw new Error(picked.code);
    const done = applyAction(picked.state, { type: 'decide', strategy: i % 2 ? 'switch' : 'stick' }, rng);
    if (!done.ok || !done.state.result) throw new Error('a game did not complete');
    stats = record(stats, done.state.result);
    if (onProgress && (i + 1) % step === 0) onProgress(i + 1);
  }
  return stats;
}

if (require.main === module) {
  const games = arg('games', 100000);
  const seed = arg('seed', 1);
  const started = Date.now();
  const stats = simulate(games, seed, (n) => process.stdout.write(`\r${Math.round((100 * n) / games)}% (${n.toLocaleString('en')} games)`));
  console.log(`\n${games.toLocaleString('en')} games, seed ${seed}, ${Date.now() - started} ms\n`);
  const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
  for (const strategy of ['stick', 'switch'] as const) {
    const s = summary(stats, strategy);
    console.log(`${strategy.padEnd(6)} won ${s.wins.toLocaleString('en')} of ${s.total.toLocaleString('en')}: ${pct(s.rate)} (theory ${pct(THEORETICAL[strategy])})`);
    for (const [label, [lo, hi]] of [['90%', s.ci90], ['95%', s.ci95], ['99%', s.ci99]] as const) {
      console.log(`       ${label} interval ${pct(lo)} – ${pct(hi)}${lo <= THEORETICAL[strategy] && THEORETICAL[strategy] <= hi ? ' (contains the theory)' : ''}`);
    }
  }
}
