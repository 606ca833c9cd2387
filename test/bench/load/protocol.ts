/**
 * What the load bench's processes say to each other: the orchestrator (main.ts) drives one or
 * more generator processes (generator.ts) over Node's IPC channel, one request and one answer at
 * a time; the bare `ws` baseline (bare-ws-server.ts) and its clients (bare-driver.ts) speak the
 * small JSON protocol at the end.
 */

export type Game = 'gomoku' | 'flip7';
/**
 * `parlor`: the project's server, real SDK clients; `colyseus`: a plain Colyseus Gomoku room
 * (plain-colyseus-server.ts), the same SDK clients; `bare`: the bare `ws` server, plain `ws` clients.
 */
export type Impl = 'parlor' | 'colyseus' | 'bare';

/** Players per table: Gomoku is a two-player exchange, Flip 7 a table of six (every action fans out to 5). */
export const SEATS: Record<Game, number> = { gomoku: 2, flip7: 6 };

export type GeneratorRequest =
  /** Opens `tables` more tables, `concurrency` at a time (`storm`: all at once), spread over `urls`. */
  | { cmd: 'open'; impl: Impl; game: Game; urls: string[]; tables: number; concurrency: number }
  /** Starts the schedule: `rate` actions a second over all tables, round robin. */
  | { cmd: 'start'; rate: number }
  /** Forgets the figures so far: the next `collect` covers only what follows. */
  | { cmd: 'reset' }
  | { cmd: 'collect' }
  /** Stops the schedule and waits (at most 5 s) for actions still in flight. */
  | { cmd: 'stop' }
  | { cmd: 'close' };

/** How a batch of `open` went: join times (ms, create until every seat sees the game started). */
export interface OpenResult {
  opened: number;
  failed: number;
  firstError?: string;
  joinMs: number[];
  /** ms from the first create to the last table started. */
  wallMs: number;
}

/** One measured window. Latencies are send → each other player's client seeing the action. */
export interface WindowResult {
  /** Actions sent. */
  actions: number;
  /** Due actions not sent because the table still waited for its previous action (a backlog). */
  skipped: number;
  /** Actions the server refused with `error` (none expected). */
  errors: number;
  /** Deliveries timed (actions × other players). */
  deliveries: number;
  p50: number;
  p99: number;
  p999: number;
  max: number;
  /** How late the generator sent, against the schedule, p99 (ms): large means the generator fell behind. */
  sendLagP99: number;
  /** Tables replaced because their game was over (or the Gomoku board nearly full). */
  replaced: number;
}

export type GeneratorAnswer = { ok: true; result?: OpenResult | WindowResult } | { ok: false; error: string };

/** Bare `ws` messages, client → server. */
export type BareRequest = { t: 'create'; seats: number } | { t: 'join'; id: string } | { t: 'start' } | { t: 'act'; n: number; c: number };
/** Bare `ws` messages, server → client. */
export type BareEvent = { t: 'room'; id: string } | { t: 'started' } | { t: 'acted'; n: number; c: number } | { t: 'error'; message: string };
