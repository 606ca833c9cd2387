/**
 * Arena pairing (lila `arena/PairingSystem.scala`, `AntmaPairing.scala`): the players waiting
 * for a game are paired in a wave. Sorted by rank they are cut into groups of at most 100 (the
 * matching is O(n³)); in each group a maximum-weight matching with the most pairs possible picks
 * the pairs that cost least, where a pair costs |rank gap| × rankFactor + |rating gap|. The rank
 * factor grows towards the top of the group (lila: 300 at the bottom to 2000 at the top), so
 * leaders meet leaders. Rematching one's last opponent costs more than any other choice: it
 * happens only when no other pairing gives that many games. An odd player out waits.
 */
import { maxWeightMatching, type WeightedEdge } from './matching';
import { arenaFirstOpens, type OpenerHistory } from './opener';

export interface WaitingPlayer {
  readonly id: string;
  /** Current standing, 1 = leader. */
  readonly rank: number;
  readonly rating: number;
  /** The opponent of the player's last game in this event, if any. */
  readonly lastOpponent: string | null;
  readonly openings: OpenerHistory;
}

/** One game: `opener` takes seat 0 and places the opening stones. */
export interface ArenaPair {
  readonly opener: string;
  readonly follower: string;
}

export interface ArenaWave {
  readonly pairs: readonly ArenaPair[];
  /** Players left waiting for the next wave. */
  readonly waiting: readonly string[];
}

export const ARENA_GROUP_SIZE = 100;

/** lila's rank factor: 300 for the group's last rank up to 2000 for its first. */
export function rankFactor(rankA: number, rankB: number, maxRank: number): number {
  const rank = Math.min(rankA, rankB);
  return 300 + Math.floor((1700 * (maxRank - rank)) / Math.max(1, maxRank));
}

export function pairCost(a: WaitingPlayer, b: WaitingPlayer, maxRank: number): number {
  return Math.abs(a.rank - b.rank) * rankFactor(a.rank, b.rank, maxRank) + Math.abs(a.rating - b.rating);
}

export const justPlayed = (a: WaitingPlayer, b: WaitingPlayer) => a.lastOpponent === b.id || b.lastOpponent === a.id;

/** Pairs one group: most pairs, then fewest rematches of the last opponent, then least cost. */
function pairGroup(group: readonly WaitingPlayer[], tieBreak: () => boolean): { pairs: ArenaPair[]; waiting: string[] } {
  const maxRank = group.reduce((m, p) => Math.max(m, p.rank), 1);
  let maxCost = 0;
  const costs: { a: number; b: number; cost: number; rematch: boolean }[] = [];
  for (let i = 0; i < group.length; i++) {
    for (let j = i + 1; j < group.length; j++) {
      const cost = pairCost(group[i], group[j], maxRank);
      maxCost = Math.max(maxCost, cost);
      costs.push({ a: i, b: j, cost, rematch: justPlayed(group[i], group[j]) });
    }
  }
  // Lexicographic weights: one rematch outweighs any total of costs a matching can have.
  const rematchPenalty = (Math.floor(group.length / 2) + 1) * (maxCost + 1);
  const base = rematchPenalty + maxCost + 1;
  const edges: WeightedEdge[] = costs.map((c) => ({ a: c.a, b: c.b, weight: base - c.cost - (c.rematch ? rematchPenalty : 0) }));
  const mate = maxWeightMatching(group.length, edges, true);
  const pairs: ArenaPair[] = [];
  const waiting: string[] = [];
  for (let v = 0; v < group.length; v++) {
    if (mate[v] === -1) waiting.push(group[v].id);
    else if (mate[v] > v) {
      const a = group[v];
      const b = group[mate[v]];
      const firstOpens = arenaFirstOpens(a.openings, b.openings, tieBreak());
      pairs.push(firstOpens ? { opener: a.id, follower: b.id } : { opener: b.id, follower: a.id });
    }
  }
  return { pairs, waiting };
}

/**
 * Pairs a wave of waiting players. `tieBreak` settles who opens between two players with the
 * same opening history (pass a seeded coin; the default gives it to the better-ranked player).
 */
export function pairArenaWave(players: readonly WaitingPlayer[], tieBreak: () => boolean = () => true, groupSize = ARENA_GROUP_SIZE): ArenaWave {
  // A player listed twice is paired once (the first listing counts): a wave never pairs anyone twice.
  const unique = [...new Map([...players].reverse().map((p) => [p.id, p])).values()];
  const sorted = unique.sort((a, b) => a.rank - b.rank || a.id.localeCompare(b.id));
  const size = Math.max(2, groupSize - (groupSize % 2));
  const pairs: ArenaPair[] = [];
  const waiting: string[] = [];
  for (let start = 0; start < sorted.length; start += size) {
    const group = pairGroup(sorted.slice(start, start + size), tieBreak);
    pairs.push(...group.pairs);
    waiting.push(...group.waiting);
  }
  // Whoever was left over in one group (at most one per group: the groups are even but the last) tries the others.
  if (waiting.length >= 2) {
    const byId = new Map(sorted.map((p) => [p.id, p]));
    const rest = pairGroup(waiting.map((id) => byId.get(id)!), tieBreak);
    pairs.push(...rest.pairs);
    return { pairs, waiting: rest.waiting };
  }
  return { pairs, waiting };
}
