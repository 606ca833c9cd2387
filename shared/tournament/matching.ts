/**
 * Maximum-weight matching in a general graph: Edmonds' blossom method with the primal-dual
 * bookkeeping of Galil, "Efficient algorithms for finding maximum matching in graphs" (ACM
 * Computing Surveys 18, 1986), organised as in Joris van Rantwijk's mwmatching (its stages,
 * labels, blossom expansion and four kinds of dual step). O(n³). Written for this project from
 * the algorithm's description; pairings call it because a greedy pass cannot trade one good
 * pair for two better ones.
 *
 * Weights should be integers (then every dual value stays a multiple of ½ and comparisons are
 * exact). With `maxCardinality` the result has the most pairs possible, and among those the
 * greatest weight.
 */

export interface WeightedEdge {
  readonly a: number;
  readonly b: number;
  readonly weight: number;
}

/** `mate[v]` is v's partner, or -1 when v is left alone. */
export function maxWeightMatching(vertexCount: number, edges: readonly WeightedEdge[], maxCardinality = false): Int32Array {
  const n = vertexCount;
  const result = new Int32Array(n).fill(-1);
  if (edges.length === 0 || n < 2) return result;
  return new BlossomSolver(n, edges, maxCardinality).solve();
}

/** The pairs of a mate array, each once, smaller vertex first. */
export function matchedPairs(mate: Int32Array): [number, number][] {
  const pairs: [number, number][] = [];
  for (let v = 0; v < mate.length; v++) if (mate[v] > v) pairs.push([v, mate[v]]);
  return pairs;
}

/** Index into a cyclic list with a possibly negative position (blossom children go round). */
const at = (list: number[], i: number) => list[((i % list.length) + list.length) % list.length];

/**
 * How to walk a blossom's cycle from child `i` to its base (child 0) along the even-length side:
 * forwards from i − length when i is odd, backwards when even; `endptrick` picks the endpoint of each edge.
 */
function walkFrom(i: number, length: number): { start: number; jstep: 1 | -1; endptrick: 0 | 1 } {
  return i & 1 ? { start: i - length, jstep: 1, endptrick: 0 } : { start: i, jstep: -1, endptrick: 1 };
}

class BlossomSolver {
  private readonly endpoint: Int32Array;
  private readonly weight: Float64Array;
  /** Remote endpoints of each vertex's edges, packed: those of v are neighbend[neighbStart[v] .. neighbStart[v + 1]). */
  private readonly neighbend: Int32Array;
  private readonly neighbStart: Int32Array;
  private readonly mate: Int32Array;
  private readonly label: Int32Array;
  private readonly labelend: Int32Array;
  private readonly inblossom: Int32Array;
  private readonly blossomparent: Int32Array;
  private readonly blossomchilds: (number[] | null)[];
  private readonly blossombase: Int32Array;
  private readonly blossomendps: (number[] | null)[];
  private readonly bestedge: Int32Array;
  private readonly blossombestedges: (number[] | null)[];
  private readonly unusedblossoms: number[];
  private readonly dualvar: Float64Array;
  private readonly allowedge: Uint8Array;
  private queue: number[] = [];

  constructor(private readonly n: number, edges: readonly WeightedEdge[], private readonly maxCardinality: boolean) {
    const m = edges.length;
    let maxWeight = 0;
    for (const e of edges) maxWeight = Math.max(maxWeight, e.weight);
    this.endpoint = new Int32Array(2 * m);
    this.weight = new Float64Array(m);
    this.neighbStart = new Int32Array(n + 1);
    for (let k = 0; k < m; k++) {
      const e = edges[k];
      this.endpoint[2 * k] = e.a;
      this.endpoint[2 * k + 1] = e.b;
      this.weight[k] = e.weight;
      this.neighbStart[e.a + 1]++;
      this.neighbStart[e.b + 1]++;
    }
    for (let v = 0; v < n; v++) this.neighbStart[v + 1] += this.neighbStart[v];
    this.neighbend = new Int32Array(2 * m);
    const fill = this.neighbStart.slice(0, n);
    for (let k = 0; k < m; k++) {
      this.neighbend[fill[this.endpoint[2 * k]]++] = 2 * k + 1;
      this.neighbend[fill[this.endpoint[2 * k + 1]]++] = 2 * k;
    }
    this.mate = new Int32Array(n).fill(-1);
    this.label = new Int32Array(2 * n);
    this.labelend = new Int32Array(2 * n).fill(-1);
    this.inblossom = Int32Array.from({ length: n }, (_, i) => i);
    this.blossomparent = new Int32Array(2 * n).fill(-1);
    this.blossomchilds = new Array(2 * n).fill(null);
    this.blossombase = Int32Array.from({ length: 2 * n }, (_, i) => (i < n ? i : -1));
    this.blossomendps = new Array(2 * n).fill(null);
    this.bestedge = new Int32Array(2 * n).fill(-1);
    this.blossombestedges = new Array(2 * n).fill(null);
    this.unusedblossoms = Array.from({ length: n }, (_, i) => n + i);
    this.dualvar = Float64Array.from({ length: 2 * n }, (_, i) => (i < n ? maxWeight : 0));
    this.allowedge = new Uint8Array(m);
  }

  private slack(k: number): number {
    return this.dualvar[this.endpoint[2 * k]] + this.dualvar[this.endpoint[2 * k + 1]] - 2 * this.weight[k];
  }

  private leaves(b: number, out: number[] = []): number[] {
    if (b < this.n) out.push(b);
    else for (const t of this.blossomchilds[b]!) this.leaves(t, out);
    return out;
  }

  /** Label the top-level blossom holding w (S = 1, T = 2); a T blossom's mate becomes S. */
  private assignLabel(w: number, t: number, p: number): void {
    const b = this.inblossom[w];
    this.label[w] = this.label[b] = t;
    this.labelend[w] = this.labelend[b] = p;
    this.bestedge[w] = this.bestedge[b] = -1;
    if (t === 1) this.queue.push(...this.leaves(b));
    else if (t === 2) {
      const base = this.blossombase[b];
      this.assignLabel(this.endpoint[this.mate[base]], 1, this.mate[base] ^ 1);
    }
  }

  /** Trace back from v and w: the base of a new blossom, or -1 when they reach two roots (an augmenting path). */
  private scanBlossom(v: number, w: number): number {
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = this.inblossom[v];
      if (this.label[b] & 4) {
        base = this.blossombase[b];
        break;
      }
      path.push(b);
      this.label[b] = 5;
      if (this.labelend[b] === -1) v = -1;
      else {
        v = this.endpoint[this.labelend[b]];
        b = this.inblossom[v];
        v = this.endpoint[this.labelend[b]];
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) this.label[b] = 1;
    return base;
  }

  private addBlossom(base: number, k: number): void {
    let v = this.endpoint[2 * k];
    let w = this.endpoint[2 * k + 1];
    const bb = this.inblossom[base];
    let bv = this.inblossom[v];
    let bw = this.inblossom[w];
    const b = this.unusedblossoms.pop()!;
    this.blossombase[b] = base;
    this.blossomparent[b] = -1;
    this.blossomparent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      this.blossomparent[bv] = b;
      path.push(bv);
      endps.push(this.labelend[bv]);
      v = this.endpoint[this.labelend[bv]];
      bv = this.inblossom[v];
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      this.blossomparent[bw] = b;
      path.push(bw);
      endps.push(this.labelend[bw] ^ 1);
      w = this.endpoint[this.labelend[bw]];
      bw = this.inblossom[w];
    }
    this.label[b] = 1;
    this.labelend[b] = this.labelend[bb];
    this.dualvar[b] = 0;
    this.blossomchilds[b] = path;
    this.blossomendps[b] = endps;
    for (const leaf of this.leaves(b)) {
      if (this.label[this.inblossom[leaf]] === 2) this.queue.push(leaf);
      this.inblossom[leaf] = b;
    }
    // The least-slack edge from the new blossom to each neighbouring S blossom.
    const bestedgeto = new Int32Array(2 * this.n).fill(-1);
    for (const child of path) {
      const lists: number[][] = this.blossombestedges[child]
        ? [this.blossombestedges[child]!]
        : this.leaves(child).map((leaf) => Array.from(this.neighbend.subarray(this.neighbStart[leaf], this.neighbStart[leaf + 1]), (p) => p >> 1));
      for (const list of lists) {
        for (const edge of list) {
          let j = this.endpoint[2 * edge + 1];
          if (this.inblossom[j] === b) j = this.endpoint[2 * edge];
          const bj = this.inblossom[j];
          if (bj !== b && this.label[bj] === 1 && (bestedgeto[bj] === -1 || this.slack(edge) < this.slack(bestedgeto[bj]))) bestedgeto[bj] = edge;
        }
      }
      this.blossombestedges[child] = null;
      this.bestedge[child] = -1;
    }
    const best = Array.from(bestedgeto).filter((e) => e !== -1);
    this.blossombestedges[b] = best;
    this.bestedge[b] = -1;
    for (const edge of best) if (this.bestedge[b] === -1 || this.slack(edge) < this.slack(this.bestedge[b])) this.bestedge[b] = edge;
  }

  private expandBlossom(b: number, endstage: boolean): void {
    const childs = this.blossomchilds[b]!;
    const endps = this.blossomendps[b]!;
    for (const s of childs) {
      this.blossomparent[s] = -1;
      if (s < this.n) this.inblossom[s] = s;
      else if (endstage && this.dualvar[s] === 0) this.expandBlossom(s, endstage);
      else for (const leaf of this.leaves(s)) this.inblossom[leaf] = s;
    }
    if (!endstage && this.label[b] === 2) {
      // The T blossom splits: relabel the children on the even path from its entry to its base.
      const entrychild = this.inblossom[this.endpoint[this.labelend[b] ^ 1]];
      const { start, jstep, endptrick } = walkFrom(childs.indexOf(entrychild), childs.length);
      let j = start;
      let p = this.labelend[b];
      while (j !== 0) {
        this.label[this.endpoint[p ^ 1]] = 0;
        this.label[this.endpoint[at(endps, j - endptrick) ^ endptrick ^ 1]] = 0;
        this.assignLabel(this.endpoint[p ^ 1], 2, p);
        this.allowedge[at(endps, j - endptrick) >> 1] = 1;
        j += jstep;
        p = at(endps, j - endptrick) ^ endptrick;
        this.allowedge[p >> 1] = 1;
        j += jstep;
      }
      let bv = at(childs, j);
      this.label[this.endpoint[p ^ 1]] = this.label[bv] = 2;
      this.labelend[this.endpoint[p ^ 1]] = this.labelend[bv] = p;
      this.bestedge[bv] = -1;
      j += jstep;
      while (at(childs, j) !== entrychild) {
        bv = at(childs, j);
        if (this.label[bv] === 1) {
          j += jstep;
          continue;
        }
        const labelled = this.leaves(bv).find((leaf) => this.label[leaf] !== 0);
        if (labelled !== undefined) {
          this.label[labelled] = 0;
          this.label[this.endpoint[this.mate[this.blossombase[bv]]]] = 0;
          this.assignLabel(labelled, 2, this.labelend[labelled]);
        }
        j += jstep;
      }
    }
    this.label[b] = this.labelend[b] = -1;
    this.blossomchilds[b] = this.blossomendps[b] = null;
    this.blossombase[b] = -1;
    this.blossombestedges[b] = null;
    this.bestedge[b] = -1;
    this.unusedblossoms.push(b);
  }

  /** Swap matched and unmatched edges along the even path inside b from its base to v; v becomes the base. */
  private augmentBlossom(b: number, v: number): void {
    let t = v;
    while (this.blossomparent[t] !== b) t = this.blossomparent[t];
    if (t >= this.n) this.augmentBlossom(t, v);
    const childs = this.blossomchilds[b]!;
    const endps = this.blossomendps[b]!;
    const i = childs.indexOf(t);
    const { start, jstep, endptrick } = walkFrom(i, childs.length);
    let j = start;
    while (j !== 0) {
      j += jstep;
      t = at(childs, j);
      const p = at(endps, j - endptrick) ^ endptrick;
      if (t >= this.n) this.augmentBlossom(t, this.endpoint[p]);
      j += jstep;
      t = at(childs, j);
      if (t >= this.n) this.augmentBlossom(t, this.endpoint[p ^ 1]);
      this.mate[this.endpoint[p]] = p ^ 1;
      this.mate[this.endpoint[p ^ 1]] = p;
    }
    this.blossomchilds[b] = childs.slice(i).concat(childs.slice(0, i));
    this.blossomendps[b] = endps.slice(i).concat(endps.slice(0, i));
    this.blossombase[b] = this.blossombase[this.blossomchilds[b]![0]];
  }

  private augmentMatching(k: number): void {
    const v = this.endpoint[2 * k];
    const w = this.endpoint[2 * k + 1];
    for (const [start, firstP] of [[v, 2 * k + 1], [w, 2 * k]]) {
      let s = start;
      let p = firstP;
      for (;;) {
        const bs = this.inblossom[s];
        if (bs >= this.n) this.augmentBlossom(bs, s);
        this.mate[s] = p;
        if (this.labelend[bs] === -1) break;
        const t = this.endpoint[this.labelend[bs]];
        const bt = this.inblossom[t];
        s = this.endpoint[this.labelend[bt]];
        const j = this.endpoint[this.labelend[bt] ^ 1];
        if (bt >= this.n) this.augmentBlossom(bt, j);
        this.mate[j] = this.labelend[bt];
        p = this.labelend[bt] ^ 1;
      }
    }
  }

  solve(): Int32Array {
    const n = this.n;
    for (let stage = 0; stage < n; stage++) {
      this.label.fill(0);
      this.bestedge.fill(-1);
      for (let b = n; b < 2 * n; b++) this.blossombestedges[b] = null;
      this.allowedge.fill(0);
      this.queue = [];
      for (let v = 0; v < n; v++) if (this.mate[v] === -1 && this.label[this.inblossom[v]] === 0) this.assignLabel(v, 1, -1);
      let augmented = false;
      for (;;) {
        while (this.queue.length > 0 && !augmented) {
          const v = this.queue.pop()!;
          for (let q = this.neighbStart[v]; q < this.neighbStart[v + 1]; q++) {
            const p = this.neighbend[q];
            const k = p >> 1;
            const w = this.endpoint[p];
            if (this.inblossom[v] === this.inblossom[w]) continue;
            let kslack = 0;
            if (!this.allowedge[k]) {
              kslack = this.slack(k);
              if (kslack <= 0) this.allowedge[k] = 1;
            }
            if (this.allowedge[k]) {
              if (this.label[this.inblossom[w]] === 0) this.assignLabel(w, 2, p ^ 1);
              else if (this.label[this.inblossom[w]] === 1) {
                const base = this.scanBlossom(v, w);
                if (base >= 0) this.addBlossom(base, k);
                else {
                  this.augmentMatching(k);
                  augmented = true;
                  break;
                }
              } else if (this.label[w] === 0) {
                this.label[w] = 2;
                this.labelend[w] = p ^ 1;
              }
            } else if (this.label[this.inblossom[w]] === 1) {
              const b = this.inblossom[v];
              if (this.bestedge[b] === -1 || kslack < this.slack(this.bestedge[b])) this.bestedge[b] = k;
            } else if (this.label[w] === 0) {
              if (this.bestedge[w] === -1 || kslack < this.slack(this.bestedge[w])) this.bestedge[w] = k;
            }
          }
        }
        if (augmented) break;
        // No tight edge leads on: change the duals by the largest step that keeps them feasible.
        let deltatype = -1;
        let delta = 0;
        let deltaedge = -1;
        let deltablossom = -1;
        if (!this.maxCardinality) {
          deltatype = 1;
          delta = Infinity;
          for (let v = 0; v < n; v++) delta = Math.min(delta, this.dualvar[v]);
        }
        for (let v = 0; v < n; v++) {
          if (this.label[this.inblossom[v]] === 0 && this.bestedge[v] !== -1) {
            const d = this.slack(this.bestedge[v]);
            if (deltatype === -1 || d < delta) {
              delta = d;
              deltatype = 2;
              deltaedge = this.bestedge[v];
            }
          }
        }
        for (let b = 0; b < 2 * n; b++) {
          if (this.blossomparent[b] === -1 && this.label[b] === 1 && this.bestedge[b] !== -1) {
            const d = this.slack(this.bestedge[b]) / 2;
            if (deltatype === -1 || d < delta) {
              delta = d;
              deltatype = 3;
              deltaedge = this.bestedge[b];
            }
          }
        }
        for (let b = n; b < 2 * n; b++) {
          if (this.blossombase[b] >= 0 && this.blossomparent[b] === -1 && this.label[b] === 2 && (deltatype === -1 || this.dualvar[b] < delta)) {
            delta = this.dualvar[b];
            deltatype = 4;
            deltablossom = b;
          }
        }
        if (deltatype === -1) {
          // Maximum cardinality reached: one last step makes the duals optimal.
          deltatype = 1;
          delta = Infinity;
          for (let v = 0; v < n; v++) delta = Math.min(delta, this.dualvar[v]);
          delta = Math.max(0, delta);
        }
        for (let v = 0; v < n; v++) {
          const l = this.label[this.inblossom[v]];
          if (l === 1) this.dualvar[v] -= delta;
          else if (l === 2) this.dualvar[v] += delta;
        }
        for (let b = n; b < 2 * n; b++) {
          if (this.blossombase[b] >= 0 && this.blossomparent[b] === -1) {
            if (this.label[b] === 1) this.dualvar[b] += delta;
            else if (this.label[b] === 2) this.dualvar[b] -= delta;
          }
        }
        if (deltatype === 1) break;
        if (deltatype === 2) {
          this.allowedge[deltaedge] = 1;
          // Grow from the end of the edge that is in an S blossom.
          const a = this.endpoint[2 * deltaedge];
          this.queue.push(this.label[this.inblossom[a]] === 0 ? this.endpoint[2 * deltaedge + 1] : a);
        } else if (deltatype === 3) {
          this.allowedge[deltaedge] = 1;
          this.queue.push(this.endpoint[2 * deltaedge]);
        } else this.expandBlossom(deltablossom, false);
      }
      if (!augmented) break;
      for (let b = n; b < 2 * n; b++) {
        if (this.blossomparent[b] === -1 && this.blossombase[b] >= 0 && this.label[b] === 1 && this.dualvar[b] === 0) this.expandBlossom(b, true);
      }
    }
    const out = new Int32Array(n).fill(-1);
    for (let v = 0; v < n; v++) if (this.mate[v] >= 0) out[v] = this.endpoint[this.mate[v]];
    return out;
  }
}
