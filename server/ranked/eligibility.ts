/**
 * Who may play rated games, against whom, and which games count: the defences against buying a
 * rating with fresh accounts. Each rule is here once, and each one that keeps a game unrated says
 * so in words a player reads, with when it lifts:
 * - rated play is for registered accounts (an anonymous guest claims theirs first: queue-room.ts),
 *   rated from the first minute unless the operator sets `minAccountAgeHours`;
 * - two accounts of one network (made from, or queueing from, one address) are paired, and their
 *   game is rated only when both have `establishedGames` rated games;
 * - the same two players play at most `gamesPerPairPerDay` rated games in any 24 h (more are unrated);
 * - a decisive game counts only when the loser made at least `minLoserMoves` actions of their own (a resignation is not one).
 * The rules are the operator's (config.ts `rankedRules`), held by the `RankedEligibility` made at
 * start (services.ts), so two servers in one process keep their own. Tests lift them (0 turns a rule off).
 */
import { DEFAULT_RANKED_RULES, type RankedRules } from '../limits';
import type { PlayerRecord } from '../accounts/player-record';

const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** "1 h", "5 h": a wait rounded up to whole hours (never "0 h"). */
function hours(ms: number): string {
  return `${Math.max(1, Math.ceil(ms / HOUR_MS))} h`;
}

/** What the rules need to know of a player waiting in the queue. */
export interface Contender {
  name: string;
  /** Rated games played (players.games). */
  games: number;
  /** The address key (guards/client-address.ts rateKey) the account was made from; absent for accounts from before it was kept. */
  createdFrom?: string;
  /** The address key the player queues from now. */
  queuedFrom?: string;
}

/** Whether two players share a network: an address either was made from or queues from is one of the other's. */
export function shareNetwork(a: Contender, b: Contender): boolean {
  const mine = new Set([a.createdFrom, a.queuedFrom].filter((k): k is string => Boolean(k)));
  return [b.createdFrom, b.queuedFrom].some((k) => k !== undefined && mine.has(k));
}

/** The pair's rated games against each other in the last 24 h (ranked-store.ts `pairGames`). */
export interface PairCount {
  count: number;
  /** When the game whose passing leaves the pair a rated game again was played: the cap-th newest (epoch ms; null below the cap). */
  capAt: number | null;
}

/** The ranked rules of one server, and the words that explain each. */
export class RankedEligibility {
  readonly rules: RankedRules;

  constructor(rules: Partial<RankedRules> = {}) {
    this.rules = { ...DEFAULT_RANKED_RULES, ...rules };
  }

  /** Why this account may not play rated games now, or null when it may. */
  refusal(player: Pick<PlayerRecord, 'name' | 'createdAt'>, now: number): string | null {
    if (!player.name) return 'account_too_new: ranked play needs a named account';
    const wait = player.createdAt + this.rules.minAccountAgeHours * HOUR_MS - now;
    if (wait > 0) return `account_too_new: on this server ranked play opens ${this.rules.minAccountAgeHours} h after an account is made: in ${hours(wait)}`;
    return null;
  }

  /**
   * Why a game between these two is unrated because they share a network, or null. An account is
   * established with `establishedGames` rated games; while it has fewer, every rated game it played
   * was against another network (a game within one network is not rated until both are), so the
   * count of rated games is the count against other networks.
   */
  sharedNetworkReason(a: Contender, b: Contender): string | null {
    const needed = this.rules.establishedGames;
    if (needed <= 0 || !shareNetwork(a, b) || (a.games >= needed && b.games >= needed)) return null;
    const count = (p: Contender) => `${p.name} ${Math.min(p.games, needed)} of ${needed}`;
    return `the two players share a network: a game between accounts of one network is rated once both have played ${needed} rated games against other players (${count(a)}, ${count(b)})`;
  }

  /** Whether a decided game (both players acted) is rated: its loser made enough moves of their own. A draw always is. */
  loserMovedEnough(loserMoves: number): boolean {
    return this.rules.minLoserMoves <= 0 || loserMoves >= this.rules.minLoserMoves;
  }

  /** Why a decisive game is unrated because its loser hardly played, or null. */
  loserMovesReason(loserMoves: number): string | null {
    if (this.loserMovedEnough(loserMoves)) return null;
    return `the loser made ${Math.max(0, loserMoves)} move${loserMoves === 1 ? '' : 's'} of their own: a decisive game counts once the loser has made ${this.rules.minLoserMoves}`;
  }

  /** Whether the pair still has a rated game left today. */
  pairHasGamesLeft(played: number): boolean {
    return this.rules.gamesPerPairPerDay <= 0 || played < this.rules.gamesPerPairPerDay;
  }

  /** Why the pair's next game is unrated because of the daily cap, with when it lifts, or null. */
  pairCapReason(names: [string, string], played: PairCount, now: number): string | null {
    if (this.pairHasGamesLeft(played.count)) return null;
    const lifts = (played.capAt ?? now) + DAY_MS - now;
    return `${names[0]} and ${names[1]} have played ${played.count} rated games against each other in the last 24 h (at most ${this.rules.gamesPerPairPerDay}): rated again in ${hours(lifts)}`;
  }
}
