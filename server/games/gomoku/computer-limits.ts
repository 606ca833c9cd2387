/**
 * How much of the computer one player may take (README, "Hostile input"): live games per
 * address and per player, and how many decisions may wait for a worker thread. Set once at
 * start-up from the config (like the flood limits); 0 lifts a limit.
 */
export interface ComputerLimits {
  /** Live games against the computer one client address may hold (IPv6: per /64). */
  perAddress: number;
  /** Live games against the computer one player (a signed player token) may hold. */
  perPlayer: number;
  /**
   * Decisions waiting for a worker, over every room. Past it a decision is taken at once on
   * the main thread with a few milliseconds of level-1 thinking rather than queued.
   */
  queue: number;
}

export const DEFAULT_COMPUTER_LIMITS: ComputerLimits = { perAddress: 3, perPlayer: 1, queue: 64 };

let limits: ComputerLimits = DEFAULT_COMPUTER_LIMITS;

export function setComputerLimits(next: ComputerLimits): void {
  limits = next;
}

export function computerLimits(): ComputerLimits {
  return limits;
}
