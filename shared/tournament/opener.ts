/**
 * Who opens. In Swap 2 the "colour" to balance is who places the opening stones (seat 0), so
 * both pairing systems balance openings the way chess pairings balance White: each player's
 * openings minus followings (the balance) and their run of openings or followings in a row.
 * FIDE C.04.1's absolute colour criteria, read for openings: nobody's balance goes beyond ±2
 * and nobody opens (or follows) three times in a row. A bye is no game and changes nothing.
 */

export interface OpenerHistory {
  /** Games in which the player opened. */
  readonly opened: number;
  /** Games played (byes excluded). */
  readonly games: number;
  /** +k: opened the last k games in a row; −k: followed the last k; 0: no game yet. */
  readonly streak: number;
}

export const NO_GAMES: OpenerHistory = { opened: 0, games: 0, streak: 0 };

/** Openings minus followings. */
export const openerBalance = (h: OpenerHistory) => 2 * h.opened - h.games;

export function recordOpening(h: OpenerHistory, opened: boolean): OpenerHistory {
  const streak = opened ? (h.streak > 0 ? h.streak + 1 : 1) : h.streak < 0 ? h.streak - 1 : -1;
  return { opened: h.opened + (opened ? 1 : 0), games: h.games + 1, streak };
}

/** True when giving this player the opening (or not) breaks an absolute criterion. */
export function breaksAbsolute(h: OpenerHistory, opens: boolean): boolean {
  const next = recordOpening(h, opens);
  return Math.abs(openerBalance(next)) > 2 || Math.abs(next.streak) >= 3;
}

/**
 * How much a player minds this assignment, 0 (what they want) to 2: a player who opened more
 * wants to follow (strongly, 2), a balanced one wants to alternate with their last game (mildly, 1).
 */
export function preferenceCost(h: OpenerHistory, opens: boolean): number {
  const balance = openerBalance(h);
  if (balance !== 0) return balance > 0 === opens ? 2 : 0;
  if (h.streak === 0) return 0;
  return h.streak > 0 === opens ? 1 : 0;
}

export interface OpenerChoice {
  /** True when the first player of the pair opens. */
  readonly firstOpens: boolean;
  /** Absolute criteria this choice breaks (0, or more when neither choice can avoid it). */
  readonly absoluteBreaks: number;
  /** Summed preference costs of the two players. */
  readonly preference: number;
}

/**
 * The better opening for a pair: fewest absolute breaks, then the least minded preferences,
 * then the player who opened less, then the one who did not open last; `firstOnTie` settles the rest.
 */
export function chooseOpener(a: OpenerHistory, b: OpenerHistory, firstOnTie: boolean): OpenerChoice {
  const option = (firstOpens: boolean): OpenerChoice => ({
    firstOpens,
    absoluteBreaks: Number(breaksAbsolute(a, firstOpens)) + Number(breaksAbsolute(b, !firstOpens)),
    preference: preferenceCost(a, firstOpens) + preferenceCost(b, !firstOpens),
  });
  const first = option(true);
  const second = option(false);
  if (first.absoluteBreaks !== second.absoluteBreaks) return first.absoluteBreaks < second.absoluteBreaks ? first : second;
  if (first.preference !== second.preference) return first.preference < second.preference ? first : second;
  if (a.opened !== b.opened) return a.opened < b.opened ? first : second;
  const aOpenedLast = a.streak > 0;
  const bOpenedLast = b.streak > 0;
  if (aOpenedLast !== bOpenedLast) return aOpenedLast ? second : first;
  return firstOnTie ? first : second;
}

/**
 * The arena's simpler rule (games come and go, nobody is owed a balance): the player who opened
 * fewer games opens, then the one who did not open their last game; `firstOnTie` settles the rest.
 */
export function arenaFirstOpens(a: OpenerHistory, b: OpenerHistory, firstOnTie: boolean): boolean {
  if (a.opened !== b.opened) return a.opened < b.opened;
  const aOpenedLast = a.streak > 0;
  const bOpenedLast = b.streak > 0;
  if (aOpenedLast !== bOpenedLast) return bOpenedLast;
  return firstOnTie;
}
