/**
 * Who may play rated games, against whom, and which games count: the defences against buying
 * a rating with fresh guests (issue 27). Each rule is here once, so accounts (a later issue)
 * change one function:
 * - an account must be old enough: a guest (always named) older than `minAccountAgeHours`;
 * - two accounts made from one address are never paired in their first `sameAddressDays`;
 * - the same two players play at most `gamesPerPairPerDay` rated games in any 24 h (more are unrated);
 * - a decisive game counts only when the loser made at least `minLoserMoves` actions of their own (a resignation is not one).
 * Tests and benchmarks lift them through the environment (0 turns a rule off).
 */
import { DEFAULT_RANKED_RULES, type RankedRules } from '../limits';
import type { PlayerRecord } from '../accounts/player-record';


const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

let rules: RankedRules = DEFAULT_RANKED_RULES;

export function setRankedRules(next: Partial<RankedRules> | undefined): void {
  rules = { ...DEFAULT_RANKED_RULES, ...next };
}

export function rankedRules(): RankedRules {
  return rules;
}

/** Why this account may not play rated games now, or null when it may. */
export function rankedRefusal(player: Pick<PlayerRecord, 'name' | 'createdAt'>, now: number): string | null {
  if (!player.name) return 'account_too_new: ranked play needs a named account';
  const wait = player.createdAt + rules.minAccountAgeHours * HOUR_MS - now;
  if (wait > 0) return `account_too_new: ranked play opens ${rules.minAccountAgeHours} h after an account is made (in ${Math.ceil(wait / HOUR_MS)} h)`;
  return null;
}

/** What pairing needs to know of a waiting player's account. */
export interface AccountOrigin {
  /** The address key (guards/client-address.ts rateKey) the account was made from; absent for accounts from before. */
  createdFrom?: string;
  createdAt: number;
}

/** Two accounts made from one address are not paired while either is in its first `sameAddressDays`. */
export function mayPair(a: AccountOrigin, b: AccountOrigin, now: number): boolean {
  if (rules.sameAddressDays <= 0 || !a.createdFrom || a.createdFrom !== b.createdFrom) return true;
  // The younger of the two decides.
  return now - Math.max(a.createdAt, b.createdAt) >= rules.sameAddressDays * DAY_MS;
}

/** Whether a decided game (both players acted) is rated: its loser made enough moves of their own. A draw always is. */
export function loserMovedEnough(loserMoves: number): boolean {
  return rules.minLoserMoves <= 0 || loserMoves >= rules.minLoserMoves;
}

/** Whether the pair still has a rated game left today (`played`: their rated games in the last 24 h). */
export function pairHasGamesLeft(played: number): boolean {
  return rules.gamesPerPairPerDay <= 0 || played < rules.gamesPerPairPerDay;
}
