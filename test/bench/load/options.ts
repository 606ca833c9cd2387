/**
 * `npm run bench:load -- [flags]`: what to run and how big. No flags: the full run the load goals
 * asks for; `--quick`: small sizes and one short round each, a smoke run of every part.
 */
export const PARTS = ['gomoku', 'flip7', 'join', 'idle', 'cluster'] as const;
export type Part = (typeof PARTS)[number];
/** The servers compared: Parlor, the plain Colyseus room (plain-colyseus-server.ts), the bare `ws` relay. */
export const IMPLS = ['parlor', 'colyseus', 'ws'] as const;
export type ImplName = (typeof IMPLS)[number];

export interface LoadOptions {
  quick: boolean;
  only: Part[];
  /** The headline size: Gomoku rooms at one move a second each, `rooms` moves/s in all. */
  rooms: number;
  /** Flip 7 tables of six, at one action a second each (default: `rooms`). */
  tables: number;
  /** The sweep's offered loads (actions/s, one room per action a second); the headline is added. */
  rates: number[];
  rounds: number;
  warmupSeconds: number;
  roundSeconds: number;
  /** Which servers run (all by default); a ratio to one left out prints as `-`. */
  impls: ImplName[];
  /** Which Parlor and plain Colyseus runs: without Redis, with it, or both (`ws` has no Redis). */
  redis: 'both' | 'on' | 'off';
  /** A database of its own; by default the first empty one of 15…1 (emptied before and after). */
  redisUrl?: string;
  /** The idle run's goal in connected clients, and where it stops to measure. */
  idleClients: number;
  /** Gomoku pairs that all join at once in the join storm. */
  stormPairs: number;
  /** Server processes for the cluster curve. */
  cluster: number[];
}

const USAGE = `usage: npm run bench:load -- [--quick] [--only ${PARTS.join('|')}[,…]] [--impls ${IMPLS.join('|')}[,…]] [--rooms N] [--tables N] [--rates A,B,…]
       [--rounds N] [--warmup S] [--round-seconds S] [--redis both|on|off] [--redis-url URL]
       [--idle N] [--storm PAIRS] [--cluster 1,2,4]`;

export function parseOptions(argv: string[]): LoadOptions {
  const quick = argv.includes('--quick');
  const opts: LoadOptions = quick
    ? { quick, only: [...PARTS], rooms: 100, tables: 30, rates: [50], rounds: 1, warmupSeconds: 2, roundSeconds: 5, impls: [...IMPLS], redis: 'both', idleClients: 2000, stormPairs: 100, cluster: [1, 2] }
    : { quick, only: [...PARTS], rooms: 1000, tables: 1000, rates: [250, 500, 1000, 2500], rounds: 3, warmupSeconds: 10, roundSeconds: 20, impls: [...IMPLS], redis: 'both', idleClients: 40000, stormPairs: 1000, cluster: [1, 2, 4] };
  let stormSet = false;
  let tablesSet = false;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--quick') continue;
    const value = argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
    const count = () => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be a whole number from 1, got ${value}`);
      return n;
    };
    const counts = () => value.split(',').map((v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be whole numbers from 1, comma separated, got ${value}`);
      return n;
    });
    switch (flag) {
      case '--only': {
        const parts = value.split(',');
        const unknown = parts.filter((p) => !(PARTS as readonly string[]).includes(p));
        if (unknown.length) throw new Error(`--only: unknown ${unknown.join(', ')}\n${USAGE}`);
        opts.only = parts as Part[];
        break;
      }
      case '--impls': {
        const impls = value.split(',');
        const unknown = impls.filter((p) => !(IMPLS as readonly string[]).includes(p));
        if (unknown.length) throw new Error(`--impls: unknown ${unknown.join(', ')}\n${USAGE}`);
        opts.impls = impls as ImplName[];
        break;
      }
      case '--rooms': opts.rooms = count(); break;
      case '--tables': opts.tables = count(); tablesSet = true; break;
      case '--rates': opts.rates = counts(); break;
      case '--rounds': opts.rounds = count(); break;
      case '--warmup': opts.warmupSeconds = count(); break;
      case '--round-seconds': opts.roundSeconds = count(); break;
      case '--idle': opts.idleClients = count(); break;
      case '--storm': opts.stormPairs = count(); stormSet = true; break;
      case '--cluster': opts.cluster = counts(); break;
      case '--redis-url': opts.redisUrl = value; break;
      case '--redis':
        if (value !== 'both' && value !== 'on' && value !== 'off') throw new Error(`--redis must be both, on or off\n${USAGE}`);
        opts.redis = value;
        break;
      default:
        throw new Error(`unknown flag ${flag}\n${USAGE}`);
    }
  }
  if (!stormSet && argv.includes('--rooms')) opts.stormPairs = opts.rooms;
  if (!tablesSet && argv.includes('--rooms')) opts.tables = opts.rooms;
  return opts;
}
