/**
 * What one live Gomoku room holds, by kind of object: the load bench's server (Parlor or the
 * plain Colyseus room) with one table open, a heap snapshot; then N more tables played at one
 * move a second each for a while (as `bench:load` plays them), and a second snapshot. The
 * difference, by constructor (objects), function name (closures) or V8's kind (strings, arrays,
 * code), divided by the tables, is what each room costs and where: the per-room heap figure of
 * `bench:load`, taken apart.
 *
 *   npm run build:server && tsc -p test/bench/tsconfig.json
 *   node dist/test/bench/load/room-heap.js [--impl parlor|colyseus] [--redis [--redis-url URL]] [--rooms N] [--seconds S] [--top K]
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import Redis from 'ioredis';
import { Generator, heapSnapshot, ROOT, startServer } from './processes';
import { emptyDatabase } from './redis-database';

interface HeapSnapshotJson {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]]; edge_fields: string[]; edge_types: [string[], ...unknown[]]; location_fields: string[] } };
  nodes: number[];
  edges: number[];
  locations: number[];
  strings: string[];
}

type Groups = Map<string, { count: number; bytes: number }>;

/** Kinds whose name is their content or an address: counted as one group each. */
const BY_KIND_ONLY = new Set(['string', 'concatenated string', 'sliced string', 'number', 'bigint', 'code', 'regexp']);
/** Edges that do not keep their target alive, or that every object has. */
const NOT_HOLDING = new Set(['weak', 'shortcut']);

/** A snapshot read: each node's group (its constructor, function or kind) and self size, and who holds it. */
export class Heap {
  private readonly snap: HeapSnapshotJson;
  private readonly width: number;
  private readonly at: Record<'type' | 'name' | 'id' | 'size' | 'edges', number>;
  /** The group of each node, by node number. */
  readonly keys: string[] = [];
  /** Where each node's edges start in the edge list (in edge fields), by node number; and the edge fields' layout. */
  private readonly firstEdge: Uint32Array;
  private readonly edge: { width: number; type: number; name: number; to: number; types: string[] };

  constructor(json: string, where: (line: number, column: number) => string = () => '') {
    this.snap = JSON.parse(json) as HeapSnapshotJson;
    const meta = this.snap.snapshot.meta;
    this.width = meta.node_fields.length;
    const field = (f: string) => meta.node_fields.indexOf(f);
    this.at = { type: field('type'), name: field('name'), id: field('id'), size: field('self_size'), edges: field('edge_count') };
    const types = meta.node_types[0];
    const count = this.snap.nodes.length / this.width;
    // Closures are named by where their function is: in the bundle (the script with the most of them) as its source.
    const located = new Map<number, string>();
    const lf = meta.location_fields.length;
    const perScript = new Map<number, number>();
    for (let i = 0; i < this.snap.locations.length; i += lf) perScript.set(this.snap.locations[i + 1], (perScript.get(this.snap.locations[i + 1]) ?? 0) + 1);
    const bundle = [...perScript].sort((a, b) => b[1] - a[1])[0]?.[0];
    for (let i = 0; i < this.snap.locations.length; i += lf) {
      const [node, script, line, column] = this.snap.locations.slice(i, i + 4);
      located.set(node / this.width, script === bundle ? where(line, column) : `script ${script}:${line + 1}`);
    }
    for (let n = 0; n < count; n++) {
      const type = types[this.field(n, 'type')];
      const name = this.snap.strings[this.field(n, 'name')];
      const place = located.get(n);
      this.keys.push(BY_KIND_ONLY.has(type) ? `(${type})` : type === 'object' ? name : `${type}: ${name.slice(0, 60)}${place ? ` @ ${place}` : ''}`);
    }
    const ew = meta.edge_fields.length;
    const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f));
    const edgeTypes = meta.edge_types[0];
    this.edge = { width: ew, type: eType, name: eName, to: eTo, types: edgeTypes };
    this.firstEdge = new Uint32Array(count + 1);
    let edge = 0;
    for (let n = 0; n < count; n++) {
      this.firstEdge[n] = edge;
      edge += this.field(n, 'edges') * ew;
    }
    this.firstEdge[count] = edge;
  }

  /** The edges that hold: [from node's edge range] → target node numbers and names. */
  private *holding(n: number): IterableIterator<{ to: number; name: string }> {
    const { width, type, name, to, types } = this.edge;
    for (let e = this.firstEdge[n]; e < this.firstEdge[n + 1]; e += width) {
      const kind = types[this.snap.edges[e + type]];
      if (NOT_HOLDING.has(kind)) continue;
      const label = this.snap.edges[e + name];
      yield { to: this.snap.edges[e + to] / this.width, name: kind === 'element' || kind === 'hidden' ? `[${label}]` : this.snap.strings[label] };
    }
  }

  /**
   * Each node's immediate dominator (the node every path from the root to it passes through
   * last) and retained size (what would be freed with it), as DevTools computes them: the
   * iterative algorithm of Cooper, Harvey and Kennedy over a reverse postorder. -1: unreachable.
   */
  dominators(): { idom: Int32Array; retained: Float64Array; order: Int32Array } {
    const count = this.size;
    const post = new Int32Array(count).fill(-1);
    const order: number[] = [];
    const stack: [number, IterableIterator<{ to: number; name: string }>][] = [[0, this.holding(0)]];
    post[0] = -2;
    while (stack.length) {
      const top = stack[stack.length - 1];
      const next = top[1].next();
      if (next.done) {
        post[top[0]] = order.length;
        order.push(top[0]);
        stack.pop();
      } else if (post[next.value.to] === -1) {
        post[next.value.to] = -2;
        stack.push([next.value.to, this.holding(next.value.to)]);
      }
    }
    const preds: number[][] = Array.from({ length: count }, () => []);
    for (const n of order) for (const { to } of this.holding(n)) if (post[to] >= 0) preds[to].push(n);
    const idom = new Int32Array(count).fill(-1);
    idom[0] = 0;
    const intersect = (a: number, b: number) => {
      while (a !== b) {
        while (post[a] < post[b]) a = idom[a];
        while (post[b] < post[a]) b = idom[b];
      }
      return a;
    };
    for (let changed = true; changed; ) {
      changed = false;
      for (let i = order.length - 2; i >= 0; i--) {
        const n = order[i];
        let next = -1;
        for (const p of preds[n]) if (idom[p] !== -1) next = next === -1 ? p : intersect(p, next);
        if (next !== -1 && idom[n] !== next) {
          idom[n] = next;
          changed = true;
        }
      }
    }
    const retained = new Float64Array(count);
    for (const n of order) {
      retained[n] += this.bytes(n);
      if (n !== 0 && idom[n] >= 0) retained[idom[n]] += retained[n];
    }
    return { idom, retained, order: Int32Array.from(order).reverse() };
  }

  /** The name of the edge from `from` to `to` (the first that holds), or '?'. */
  edgeName(from: number, to: number): string {
    for (const e of this.holding(from)) if (e.to === to) return e.name;
    return '?';
  }

  private field(n: number, f: keyof Heap['at']): number {
    return this.snap.nodes[n * this.width + this.at[f]];
  }

  get size(): number {
    return this.keys.length;
  }

  id(n: number): number {
    return this.field(n, 'id');
  }

  bytes(n: number): number {
    return this.field(n, 'size');
  }

  groups(): Groups {
    const groups: Groups = new Map();
    for (let n = 0; n < this.keys.length; n++) {
      const group = groups.get(this.keys[n]) ?? { count: 0, bytes: 0 };
      group.count += 1;
      group.bytes += this.bytes(n);
      groups.set(this.keys[n], group);
    }
    return groups;
  }

  ids(): Set<number> {
    const ids = new Set<number>();
    for (let n = 0; n < this.keys.length; n++) ids.add(this.id(n));
    return ids;
  }
}

/** A position in the server's bundle, as the TypeScript (or dependency) source it came from. */
function bundleSource(): (line: number, column: number) => string {
  const file = path.join(ROOT, 'dist/server/parlor-server.js.map');
  if (!existsSync(file)) return (line, column) => `${line + 1}:${column + 1}`;
  const map = new SourceMap(JSON.parse(readFileSync(file, 'utf8')));
  return (line, column) => {
    const entry = map.findEntry(line, column) as { originalSource?: string; originalLine?: number };
    return entry.originalSource ? `${entry.originalSource.split('/').slice(-2).join('/')}:${(entry.originalLine ?? 0) + 1}` : `${line + 1}:${column + 1}`;
  };
}

function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const impl = flag('impl', 'parlor') as 'parlor' | 'colyseus';
  const rooms = Number(flag('rooms', '300'));
  const seconds = Number(flag('seconds', '15'));
  const top = Number(flag('top', '40'));
  const redisUrl = process.argv.includes('--redis') ? (process.argv.includes('--redis-url') ? flag('redis-url', '') : await emptyDatabase()) : undefined;
  if (redisUrl) {
    const redis = new Redis(redisUrl);
    await redis.flushdb();
    redis.disconnect();
  }
  const server = await startServer(impl, `room-heap-${impl}${redisUrl ? '-redis' : ''}`, { redisUrl });
  const generator = Generator.start();
  try {
    const urls = [server.url];
    const warm = await generator.request({ cmd: 'open', impl, game: 'gomoku', urls, tables: 1, concurrency: 1 });
    if (warm.failed) throw new Error(`the first table did not open: ${warm.firstError}`);
    const where = bundleSource();
    const first = new Heap(await heapSnapshot(server), where);
    const before = first.groups();
    const old = first.ids();
    const open = await generator.request({ cmd: 'open', impl, game: 'gomoku', urls, tables: rooms - 1, concurrency: 16 });
    await generator.request({ cmd: 'start', rate: rooms });
    await sleep(seconds * 1000);
    await generator.request({ cmd: 'stop' });
    const heap = new Heap(await heapSnapshot(server), where);
    const after = heap.groups();
    const n = open.opened;
    const rows = [...new Set([...before.keys(), ...after.keys()])].map((key) => {
      const a = before.get(key) ?? { count: 0, bytes: 0 };
      const b = after.get(key) ?? { count: 0, bytes: 0 };
      return { key, count: (b.count - a.count) / n, bytes: (b.bytes - a.bytes) / n };
    });
    const total = rows.reduce((s, r) => s + r.bytes, 0);
    console.log(`${impl}${redisUrl ? '+redis' : ''}: ${n} tables over the first, played ${seconds} s at one move a second each`);
    console.log(`per table: ${(total / 1024).toFixed(1)} KB in the heap snapshot (array buffers' data included, which is outside the JS heap)`);
    console.log('     bytes   count  kind');
    const shown = rows.sort((x, y) => y.bytes - x.bytes).slice(0, top);
    for (const r of shown) console.log(`${r.bytes.toFixed(0).padStart(10)} ${r.count.toFixed(1).padStart(7)}  ${r.key}`);
    const { idom, retained, order } = heap.dominators();
    // What the tables added, where it hangs: each subtree made since the first snapshot, under what was there before.
    const hung = new Map<string, number>();
    for (const k of order) {
      const owner = idom[k];
      if (owner < 0 || k === owner || old.has(heap.id(k)) || (owner !== 0 && !old.has(heap.id(owner)))) continue;
      const label = `${heap.keys[owner]}.${heap.edgeName(owner, k)} → ${heap.keys[k]}`;
      hung.set(label, (hung.get(label) ?? 0) + retained[k]);
    }
    console.log('\nwhat the tables added, by where it hangs (retained bytes per table; "(root)" for nothing older):');
    for (const [label, bytes] of [...hung].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`${(bytes / n).toFixed(0).padStart(10)}  ${label}`);
    // What each of the `--owners` keeps alive on its own, by field: `TableRoom` or a path down the dominator tree, `TableRoom>policies`.
    for (const owner of flag('owners', 'TableRoom,GomokuRoom,WebSocketClient,_WebSocket').split(',')) {
      const [kind, ...path] = owner.split('>');
      let instances = new Set<number>();
      for (let k = 0; k < heap.size; k++) if (heap.keys[k] === kind && idom[k] >= 0) instances.add(k);
      for (const step of path) {
        const next = new Set<number>();
        for (const k of order) if (instances.has(idom[k]) && k !== idom[k] && heap.edgeName(idom[k], k) === step) next.add(k);
        instances = next;
      }
      if (!instances.size) continue;
      const mean = [...instances].reduce((sum, k) => sum + retained[k], 0) / instances.size;
      console.log(`\n${owner}: ${instances.size} alive, each retains ${(mean / 1024).toFixed(1)} KB on average; by its fields (and what hangs below them):`);
      const byField = new Map<string, number>();
      for (const k of order) {
        if (!instances.has(idom[k]) || k === idom[k]) continue;
        const field = `${heap.edgeName(idom[k], k)} (${heap.keys[k]})`;
        byField.set(field, (byField.get(field) ?? 0) + retained[k]);
      }
      for (const [field, bytes] of [...byField].sort((x, y) => y[1] - x[1]).slice(0, top)) {
        console.log(`${(bytes / instances.size).toFixed(0).padStart(10)}  ${field}`);
      }
    }
  } finally {
    await generator.exit();
    await server.stop();
  }
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
