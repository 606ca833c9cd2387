/**
 * How much of the computer one player may take (README, "Hostile input"): live games per
 * address and per player, and how many decisions may wait for a worker thread. Set once at
 * start-up from the config (like the flood limits); 0 lifts a limit. The shape and defaults: server/limits.ts.
 */
import { DEFAULT_COMPUTER_LIMITS, type ComputerLimits } from '../../limits';

let limits: ComputerLimits = DEFAULT_COMPUTER_LIMITS;

export function setComputerLimits(next: ComputerLimits): void {
  limits = next;
}

export function computerLimits(): ComputerLimits {
  return limits;
}
