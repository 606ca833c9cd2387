/**
 * Swiss pairing by the principles of the FIDE Dutch system (C.04.3), computed the way
 * bbpPairings computes it: one maximum-weight matching over all players in which an edge's
 * weight encodes the criteria in priority order, each tier outweighing every lower tier's
 * total. No repeat pairing is absolute (the edge is absent); then most pairs; then fewest
 * breaks of the absolute opener criteria (balance beyond ±2, three in a row); then the least
 * total score difference (players stay in their score group, a floater goes one group down);
 * then the fewest players floating down two rounds running; then opener preferences and the
 * Dutch top-half-against-bottom-half order inside a score group. The bye goes to the
 * lowest-ranked player of the lowest score group who has not had one, provided the others can
 * all still be paired. Pure and deterministic.
 */
import { reject, type Rejected } from '../core/result';
import { maxWeightMatching, type WeightedEdge } from './matching';
import { breaksAbsolute, chooseOpener, preferenceCost, type OpenerHistory } from './opener';

export interface SwissPlayer {
  readonly id: string;
  readonly rating: number;
  /** Points so far: 1 a win, ½ a draw, byes and absences as scored. */
  readonly points: number;
  /** Everyone this player has met; they never meet again. */
  readonly opponents: readonly string[];
  /** Has had the pairing bye (at most one per event). */
  readonly hadBye: boolean;
  readonly openings: OpenerHistory;
  /** Was paired down into a lower score group last round. */
  readonly floatedDown: boolean;
}

export interface SwissPair {
  readonly opener: string;
  readonly follower: string;
}

export interface SwissRound {
  readonly pairs: readonly SwissPair[];
  /** The player given the bye (a point, no game), or null with an even field. */
  readonly bye: string | null;
  /** Players paired into a lower score group this round (their `floatedDown` next round). */
  readonly floatedDown: readonly string[];
}

export type SwissPairingRefusal = 'too-few-players' | 'duplicate-player' | 'no-complete-pairing' | 'field-too-large';

export type SwissPairingResult = { readonly ok: true; readonly round: SwissRound } | Rejected<SwissPairingRefusal>;

/** Standing order for pairing: points, then rating, then id (a stable order for equal players). */
export function pairingOrder(a: SwissPlayer, b: SwissPlayer): number {
  return b.points - a.points || b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Score difference in half points (points are multiples of ½). */
const halfPoints = (a: SwissPlayer, b: SwissPlayer) => Math.round(Math.abs(a.points - b.points) * 2);

const TOP_BOTTOM_CAP = 50;
const PREFERENCE_STEP = TOP_BOTTOM_CAP + 10;

const TIERS = 4;

/** Per player, what each way of assigning the opening costs them: read once, not once per edge. */
interface OpenerCosts {
  readonly breaksIfOpens: number;
  readonly breaksIfFollows: number;
  readonly prefIfOpens: number;
  readonly prefIfFollows: number;
}

const openerCosts = (h: OpenerHistory): OpenerCosts => ({
  breaksIfOpens: Number(breaksAbsolute(h, true)),
  breaksIfFollows: Number(breaksAbsolute(h, false)),
  prefIfOpens: preferenceCost(h, true),
  prefIfFollows: preferenceCost(h, false),
});

/**
 * Writes edge (i, j)'s tiers, highest priority first: absolute opener breaks, score difference,
 * repeated down-float, preferences with the group order. The opener part is that of the better
 * of the two assignments, as `chooseOpener` will pick it.
 */
function writeTiers(out: Float64Array, at: number, players: readonly SwissPlayer[], costs: readonly OpenerCosts[], groupIndex: readonly number[], groupSize: readonly number[], i: number, j: number): void {
  const a = players[i];
  const b = players[j];
  const ca = costs[i];
  const cb = costs[j];
  const breaksA = ca.breaksIfOpens + cb.breaksIfFollows;
  const breaksB = ca.breaksIfFollows + cb.breaksIfOpens;
  const prefA = ca.prefIfOpens + cb.prefIfFollows;
  const prefB = ca.prefIfFollows + cb.prefIfOpens;
  const aFirst = breaksA < breaksB || (breaksA === breaksB && prefA <= prefB);
  const diff = halfPoints(a, b);
  // The higher-scored player of a cross-group pair floats down; again after last round costs more.
  const higher = a.points > b.points ? a : b;
  let order: number;
  if (diff === 0) {
    // Dutch: the i-th of the top half meets the i-th of the bottom half.
    order = Math.min(TOP_BOTTOM_CAP, Math.abs(groupIndex[j] - groupIndex[i] - Math.floor(groupSize[i] / 2)));
  } else {
    // A floater meets the top of the lower group.
    order = Math.min(TOP_BOTTOM_CAP, a.points > b.points ? groupIndex[j] : groupIndex[i]);
  }
  out[at] = aFirst ? breaksA : breaksB;
  out[at + 1] = diff;
  out[at + 2] = diff > 0 && higher.floatedDown ? 1 : 0;
  out[at + 3] = (aFirst ? prefA : prefB) * PREFERENCE_STEP + order;
}

/** Integer weights in which each tier outweighs the largest total the tiers below can reach in one matching. */
function lexicographicWeights(ends: readonly number[], tiers: Float64Array, vertexCount: number): WeightedEdge[] | null {
  const edgeCount = ends.length / 2;
  const pairsBound = Math.floor(vertexCount / 2) + 1;
  const maxOf = new Array<number>(TIERS).fill(0);
  for (let e = 0; e < edgeCount; e++) for (let t = 0; t < TIERS; t++) maxOf[t] = Math.max(maxOf[t], tiers[e * TIERS + t]);
  const factor = new Array<number>(TIERS).fill(1);
  let below = 0;
  for (let t = TIERS - 1; t >= 0; t--) {
    factor[t] = below + 1;
    below += pairsBound * maxOf[t] * factor[t];
  }
  const base = below + 1;
  // Beyond 2^53 the weights stop being exact and the priorities would blur.
  if (!Number.isSafeInteger(base * 4)) return null;
  const edges: WeightedEdge[] = new Array(edgeCount);
  for (let e = 0; e < edgeCount; e++) {
    let w = base;
    for (let t = 0; t < TIERS; t++) w -= tiers[e * TIERS + t] * factor[t];
    edges[e] = { a: ends[2 * e], b: ends[2 * e + 1], weight: w };
  }
  return edges;
}

/** The best pairing of exactly these players, or null when they cannot all be paired without a repeat. */
function pairAll(players: readonly SwissPlayer[], tieBreak: () => boolean): { pairs: SwissPair[]; floatedDown: string[] } | 'incomplete' | 'too-large' {
  const groupIndex: number[] = [];
  const groupSize: number[] = [];
  for (let start = 0; start < players.length; ) {
    let end = start;
    while (end < players.length && players[end].points === players[start].points) end++;
    for (let k = start; k < end; k++) {
      groupIndex[k] = k - start;
      groupSize[k] = end - start;
    }
    start = end;
  }
  const met = players.map((p) => new Set(p.opponents));
  const costs = players.map((p) => openerCosts(p.openings));
  const n = players.length;
  const ends: number[] = [];
  const tiers = new Float64Array(((n * (n - 1)) / 2) * TIERS);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (met[i].has(players[j].id) || met[j].has(players[i].id)) continue;
      writeTiers(tiers, (ends.length / 2) * TIERS, players, costs, groupIndex, groupSize, i, j);
      ends.push(i, j);
    }
  }
  const weighted = lexicographicWeights(ends, tiers, n);
  if (!weighted) return 'too-large';
  const mate = maxWeightMatching(players.length, weighted, true);
  const pairs: SwissPair[] = [];
  const floatedDown: string[] = [];
  for (let v = 0; v < players.length; v++) {
    if (mate[v] === -1) return 'incomplete';
    if (mate[v] < v) continue;
    const a = players[v];
    const b = players[mate[v]];
    const { firstOpens } = chooseOpener(a.openings, b.openings, tieBreak());
    pairs.push(firstOpens ? { opener: a.id, follower: b.id } : { opener: b.id, follower: a.id });
    if (a.points !== b.points) floatedDown.push(a.points > b.points ? a.id : b.id);
  }
  return { pairs, floatedDown };
}

/**
 * Pairs the next round among the players given (withdrawn and absent players are left out by
 * the caller). `tieBreak` settles who opens between players with identical opening histories.
 */
export function pairSwissRound(players: readonly SwissPlayer[], tieBreak: () => boolean = () => true): SwissPairingResult {
  if (players.length < 2) return reject('too-few-players', 'a round needs at least two players');
  if (new Set(players.map((p) => p.id)).size !== players.length) return reject('duplicate-player', 'a player is listed twice');
  const ordered = [...players].sort(pairingOrder);
  const tooLarge = () => reject('field-too-large' as const, 'too many players and rounds for exact pairing weights');
  if (ordered.length % 2 === 0) {
    const all = pairAll(ordered, tieBreak);
    if (all === 'too-large') return tooLarge();
    return all !== 'incomplete' ? { ok: true, round: { ...all, bye: null } } : reject('no-complete-pairing', 'every pairing repeats a game: the event has more rounds than its field allows');
  }
  // Lowest score group first, lowest ranked first within it.
  const candidates = ordered.filter((p) => !p.hadBye).reverse();
  for (const bye of candidates) {
    const all = pairAll(ordered.filter((p) => p !== bye), tieBreak);
    if (all === 'too-large') return tooLarge();
    if (all !== 'incomplete') return { ok: true, round: { ...all, bye: bye.id } };
  }
  return reject('no-complete-pairing', 'no player can take the bye with everyone else paired without a repeat');
}
