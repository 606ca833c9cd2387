/**
 * The three strengths. Every level makes its own five and blocks the opponent's five and
 * open four (those checks come before any search); the lower levels see less far, look
 * at fewer moves and pick at random among moves they judge nearly equal.
 */
import type { SearchSettings } from './search';

export type ComputerLevel = 1 | 2 | 3;

export interface LevelSettings {
  /** Thinking time per decision when the caller gives none. */
  budgetMs: number;
  search: SearchSettings;
  /** Root moves searched (all moves that answer a threat are searched regardless). */
  rootWidth: number;
  /** Fours a winning VCF of our own may use (0: none looked for beyond an open four). */
  ownVcfFours: number;
  /** Fours of an opponent VCF the engine looks for and defends against (0: not at all). */
  opponentVcfFours: number;
  /** Moves within this share of the best score (and at least `noiseFloor`) may be picked instead. */
  noise: number;
  noiseFloor: number;
  /** Plies searched to judge an opening position (Swap 2 choices and balancing stones). */
  openingDepth: number;
}

export const LEVELS: Record<ComputerLevel, LevelSettings> = {
  1: {
    budgetMs: 150,
    search: { maxDepth: 2, width: 7, exactRootScores: true },
    rootWidth: 8,
    ownVcfFours: 2,
    opponentVcfFours: 0,
    noise: 0.15,
    noiseFloor: 50,
    openingDepth: 1,
  },
  2: {
    budgetMs: 300,
    search: { maxDepth: 4, width: 9, exactRootScores: true },
    rootWidth: 12,
    ownVcfFours: 6,
    opponentVcfFours: 5,
    noise: 0.05,
    noiseFloor: 15,
    openingDepth: 2,
  },
  3: {
    budgetMs: 600,
    search: { maxDepth: 24, width: 12, exactRootScores: false },
    rootWidth: 20,
    ownVcfFours: 20,
    opponentVcfFours: 14,
    noise: 0,
    noiseFloor: 0,
    openingDepth: 4,
  },
};

/**
 * No decision may think longer than this, whatever budget the caller asks for: with two
 * games thinking at once on two cores a move must still come back within a second.
 */
export const HARD_CAP_MS = 850;
