/** The seed's statistics: stick/switch wins and losses, observed rates, Wilson score confidence intervals. */
import type { GameResult } from './game';

/** A type, not an interface: it is then a `Record<string, number>` too, what the counters store takes. */
export type Statistics = {
  stickWins: number;
  stickLosses: number;
  switchWins: number;
  switchLosses: number;
};

export const EMPTY_STATS: Statistics = { stickWins: 0, stickLosses: 0, switchWins: 0, switchLosses: 0 };

export function record(stats: Statistics, result: GameResult): Statistics {
  const key = `${result.strategy}${result.won ? 'Wins' : 'Losses'}` as keyof Statistics;
  return { ...stats, [key]: stats[key] + 1 };
}

/** Observed win rate per strategy, absent when that strategy was never played. */
export function observed(stats: Statistics): { stick?: number; switch?: number } {
  const out: { stick?: number; switch?: number } = {};
  const stickTotal = stats.stickWins + stats.stickLosses;
  const switchTotal = stats.switchWins + stats.switchLosses;
  if (stickTotal > 0) out.stick = stats.stickWins / stickTotal;
  if (switchTotal > 0) out.switch = stats.switchWins / switchTotal;
  return out;
}

export const THEORETICAL = { stick: 1 / 3, switch: 2 / 3 } as const;

const Z: Record<string, number> = { '0.9': 1.645, '0.95': 1.96, '0.99': 2.576 };

/**
 * The Wilson score interval for a win rate of `wins` in `total` games at `confidence` (0.9, 0.95
 * or 0.99; 95% for other levels); (0, 0) with no games. Unlike the normal approximation
 * p ± z·sqrt(p(1-p)/n), it behaves for small counts and rates near 0 or 1: 1 win of 1 gives
 * about 21%–100% at 95%, not 100%–100%. Always within [0, 1] and always contains p.
 */
export function confidenceInterval(wins: number, total: number, confidence: number): [number, number] {
  if (total === 0) return [0, 0];
  const p = wins / total;
  const z = Z[String(confidence)] ?? 1.96;
  const z2 = z * z;
  const centre = (p + z2 / (2 * total)) / (1 + z2 / total);
  const half = (z / (1 + z2 / total)) * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total));
  // Clamp away rounding (e.g. 1.0000000000000002) at the ends.
  return [Math.max(0, Math.min(p, centre - half)), Math.min(1, Math.max(p, centre + half))];
}

/** What the interval is called in the UI. */
export const INTERVAL_NAME = 'Wilson';

/** Everything a chart needs for one strategy. */
export function summary(stats: Statistics, strategy: 'stick' | 'switch') {
  const wins = strategy === 'stick' ? stats.stickWins : stats.switchWins;
  const total = wins + (strategy === 'stick' ? stats.stickLosses : stats.switchLosses);
  return {
    wins, total, rate: total ? wins / total : 0,
    ci90: confidenceInterval(wins, total, 0.9), ci95: confidenceInterval(wins, total, 0.95), ci99: confidenceInterval(wins, total, 0.99),
  };
}
