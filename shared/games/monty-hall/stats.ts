/** The seed's statistics: stick/switch wins and losses, observed rates, normal-approximation confidence intervals. */
import type { GameResult } from './game';

export interface Statistics {
  stickWins: number;
  stickLosses: number;
  switchWins: number;
  switchLosses: number;
}

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

/** The seed's interval: p ± z·sqrt(p(1-p)/n), clamped to [0, 1]; (0, 0) with no games; 95% for unknown levels. */
export function confidenceInterval(wins: number, total: number, confidence: number): [number, number] {
  if (total === 0) return [0, 0];
  const p = wins / total;
  const z = Z[String(confidence)] ?? 1.96;
  const margin = z * Math.sqrt((p * (1 - p)) / total);
  return [Math.max(0, p - margin), Math.min(1, p + margin)];
}

/** Everything a chart needs for one strategy. */
export function summary(stats: Statistics, strategy: 'stick' | 'switch') {
  const wins = strategy === 'stick' ? stats.stickWins : stats.switchWins;
  const total = wins + (strategy === 'stick' ? stats.stickLosses : stats.switchLosses);
  return {
    wins, total, rate: total ? wins / total : 0,
    ci90: confidenceInterval(wins, total, 0.9), ci95: confidenceInterval(wins, total, 0.95), ci99: confidenceInterval(wins, total, 0.99),
  };
}
