/**
 * Who plays whom in the ranked queue. Each waiting player accepts opponents within a rating
 * window that widens from ±100 to ±400 over their first minute of waiting; two players are
 * paired when each is inside the other's window, and only within one time control's pool (one
 * rating across pools: the pool decides the clock, not the rating). Nobody is paired with themselves (two tabs),
 * nor with the opponent they just played while anyone else is waiting, nor with anyone
 * `mayPair` refuses (the queue refuses nobody: a pair whose game cannot be rated is told so
 * instead of being kept waiting, eligibility.ts).
 */
export interface QueueEntry {
  sessionId: string;
  playerId: string;
  rating: number;
  bestOf: 1 | 3;
  /** The time control's pool ("3+2", or "60s" for the per-move clock): players are paired only within one. */
  pool: string;
  /** Epoch ms the player started waiting. */
  since: number;
}

export const WINDOW_START = 100;
export const WINDOW_END = 400;

export function ratingWindow(waitedMs: number, widenMs = 60_000): number {
  return Math.round(WINDOW_START + (WINDOW_END - WINDOW_START) * Math.min(1, Math.max(0, waitedMs) / widenMs));
}

/**
 * Pairs to make now, longest-waiting players first, each with the closest acceptable rating;
 * among acceptable opponents, one whose game with the player would be rated (`ratedWith`: not of
 * the player's network while either is new) comes before one whose game would not.
 */
export function findPairs<E extends QueueEntry>(queue: E[], now: number, lastOpponent: (playerId: string) => string | undefined, widenMs = 60_000,
  mayPair: (a: E, b: E) => boolean = () => true, ratedWith: (a: E, b: E) => boolean = () => true): [E, E][] {
  const window = (e: QueueEntry) => ratingWindow(now - e.since, widenMs);
  const waiting = [...queue].sort((a, b) => a.since - b.since);
  const taken = new Set<string>();
  const pairs: [E, E][] = [];
  for (const a of waiting) {
    if (taken.has(a.sessionId)) continue;
    const fits = waiting.filter((b) => !taken.has(b.sessionId) && b.sessionId !== a.sessionId && b.playerId !== a.playerId
      && b.bestOf === a.bestOf && b.pool === a.pool && Math.abs(a.rating - b.rating) <= Math.min(window(a), window(b)) && mayPair(a, b));
    const others = new Set(waiting.filter((b) => !taken.has(b.sessionId) && b.playerId !== a.playerId && b.pool === a.pool).map((b) => b.playerId));
    const fresh = fits.filter((b) => lastOpponent(a.playerId) !== b.playerId);
    // A rematch of the last pairing only when nobody else is waiting at all.
    const choices = fresh.length ? fresh : others.size <= 1 ? fits : [];
    if (!choices.length) continue;
    const rated = choices.filter((b) => ratedWith(a, b));
    const b = (rated.length ? rated : choices).reduce((best, c) => (Math.abs(c.rating - a.rating) < Math.abs(best.rating - a.rating) ? c : best));
    taken.add(a.sessionId).add(b.sessionId);
    pairs.push([a, b]);
  }
  return pairs;
}
