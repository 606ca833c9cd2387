/**
 * The Gomoku computer, run off the event loop: a small pool of worker threads (one per core,
 * at most two) thinks, so a computer searching for most of a second never delays another
 * room. Run from TypeScript sources (the jest suite), there is no compiled worker to start:
 * it thinks inline there, after yielding once to the event loop, through the same queue.
 *
 * Decisions wait in a fair queue (computer-queue.ts): one per room, the addresses served in
 * turn, a decision dropped when its room goes or its player leaves (the table aborts it).
 * Under load thinking gets shorter rather than the line longer: a decision that leaves others
 * waiting, or takes the last free runner, thinks for its level's budget shared among them
 * (never under MIN_BUDGET_MS), and
 * past `queue` waiting decisions one is taken at once with a few milliseconds of thought.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { Mulberry32 } from '../../../shared/core/rng';
import type { ComputerLevel } from '../../../shared/games/gomoku/ai';
import { LEVELS } from '../../../shared/games/gomoku/ai/levels';
import type { GomokuAction, GomokuState, Seat } from '../../../shared/games/gomoku';
import { log } from '../../log';
import { GOMOKU_WORKER_FILE } from '../../paths';
import type { ComputerLimits } from '../../limits';
import { ComputerGames } from './computer-games';
import { FairQueue } from './computer-queue';

/** What a worker thread is asked: `budgetMs` absent means the level's own budget. */
export interface ThinkJob {
  id: number;
  state: GomokuState;
  seat: Seat;
  level: ComputerLevel;
  seed: number;
  budgetMs?: number;
}

export interface ThinkRequest {
  state: GomokuState;
  seat: Seat;
  level: ComputerLevel;
  /** Makes the computer's noise reproducible. */
  seed: number;
  /** The room deciding: a newer decision of the same room replaces a waiting one. */
  room: string;
  /** The address whose turn in the queue this takes. */
  owner: string;
  /** Aborted: the decision is not wanted any more (answered null, dropped from the queue). */
  signal?: AbortSignal;
}

/** The shortest thinking a decision is cut to under load: level 3 still sees its fours and threes. */
export const MIN_BUDGET_MS = 25;
/** Thinking of a decision taken on the spot because the queue is full (main thread, level 1). */
const SPOT_BUDGET_MS = 5;

type Answer = { id: number; action?: GomokuAction; error?: string };

interface Pending {
  readonly room: string;
  readonly owner: string;
  readonly request: ThinkRequest;
  settle(action: GomokuAction | null, error?: Error): void;
}

/** Something that thinks one decision at a time: a worker thread, or (from sources) this thread. */
type Runner = (job: ThinkJob) => Promise<GomokuAction>;

const compiled = __filename.endsWith('.js');
/** The engine's module, loaded once for the process: code, no state of any server. */
let engine: typeof import('../../../shared/games/gomoku/ai') | null = null;

/** The engine on this thread: loaded on first use, as a compiled server's main thread rarely needs it. */
function localEngine() {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (engine ??= require('../../../shared/games/gomoku/ai') as typeof import('../../../shared/games/gomoku/ai'));
}

function think1(job: ThinkJob): GomokuAction {
  return localEngine().computerAction(job.state, job.seat, { level: job.level, rng: new Mulberry32(job.seed), now: () => performance.now(), budgetMs: job.budgetMs });
}

/** A worker thread, and how it is stopped. */
function workerRunner(): { run: Runner; stop(): void } {
  const worker = new Worker(GOMOKU_WORKER_FILE);
  worker.unref(); // a thinking computer never keeps a stopping process alive
  const waiting = new Map<number, { resolve(a: GomokuAction): void; reject(e: Error): void }>();
  worker.on('message', (answer: Answer) => {
    const job = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.action) job?.resolve(answer.action);
    else job?.reject(new Error(answer.error ?? 'no answer'));
  });
  worker.on('error', (err) => log.error({ err }, 'Gomoku computer worker failed'));
  return {
    run: (job) => new Promise((resolve, reject) => {
      waiting.set(job.id, { resolve, reject });
      worker.postMessage(job);
    }),
    stop: () => void worker.terminate(),
  };
}

/** A decision's thinking time when `waiting` others wait behind it: its level's, shared out among them. */
export function budgetUnderLoad(level: ComputerLevel, waiting: number, workers: number): number | undefined {
  if (waiting <= 0) return undefined;
  return Math.max(MIN_BUDGET_MS, Math.floor((LEVELS[level].budgetMs * workers) / (workers + waiting)));
}

/** What a decision became: thought through by a runner, dropped unthought (aborted, replaced), or taken on the spot (queue full). */
export type DecisionOutcome = 'thought' | 'dropped' | 'on_the_spot';

/**
 * One server's computer: its worker threads (started at the first decision), its waiting line,
 * and the live games each address holds against it (`games`). Made once at start (services.ts).
 */
export class GomokuComputer {
  readonly games: ComputerGames;
  private readonly queue = new FairQueue<Pending>();
  private runners: Runner[] | null = null;
  private readonly idle: Runner[] = [];
  private readonly stops: (() => void)[] = [];
  private nextId = 1;

  /** `decided`: told what became of each decision (the `parlor_computer_decisions_total` metric). */
  constructor(private readonly limits: ComputerLimits, private readonly decided: (outcome: DecisionOutcome) => void = () => undefined) {
    this.games = new ComputerGames(limits);
  }

  /** Decisions being thought now (answered or not: an aborted one runs to its end): the `parlor_computer_thinking` gauge. */
  get thinking(): number {
    return this.runners ? this.runners.length - this.idle.length : 0;
  }

  /** Decisions waiting for a worker now: the `parlor_computer_waiting` gauge. */
  get waiting(): number {
    return this.queue.size;
  }

  /**
   * The computer's action for `request.seat` (the table's seat, which the rules share), or null
   * when the decision was dropped (aborted: its room went, its player left, or a newer decision of
   * the room replaced it).
   */
  think(request: ThinkRequest): Promise<GomokuAction | null> {
    const { signal } = request;
    if (signal?.aborted) return Promise.resolve(null);
    const workers = this.pool().length;
    const cap = this.limits.queue;
    if (cap > 0 && this.queue.size >= cap && this.idle.length === 0) {
      // The line is full: thinking shorter beats waiting longer (a few ms of level 1, here and now).
      this.decided('on_the_spot');
      return Promise.resolve(think1({ id: 0, state: request.state, seat: request.seat, level: 1, seed: request.seed, budgetMs: SPOT_BUDGET_MS }));
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (this.queue.remove(request.room) === pending) this.decided('dropped');
        pending.settle(null);
      };
      let settled = false;
      const pending: Pending = {
        room: request.room,
        owner: request.owner,
        request,
        settle(action, error) {
          if (settled) return;
          settled = true;
          signal?.removeEventListener('abort', onAbort);
          if (error) reject(error);
          else resolve(signal?.aborted ? null : action);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const replaced = this.queue.push(pending);
      if (replaced) {
        this.decided('dropped');
        replaced.settle(null);
      }
      this.dispatch(workers);
    });
  }

  /** Stops the worker threads (the server stops); a decision still asked for after it thinks on new ones. */
  close(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.runners = null;
    this.idle.length = 0;
  }

  private pool(): Runner[] {
    if (this.runners) return this.runners;
    const size = Math.max(1, Math.min(2, availableParallelism()));
    this.runners = Array.from({ length: size }, () => {
      if (!compiled) return (job: ThinkJob) => new Promise<GomokuAction>((resolve) => setImmediate(() => resolve(think1(job))));
      const worker = workerRunner();
      this.stops.push(worker.stop);
      return worker.run;
    });
    this.idle.push(...this.runners);
    return this.runners;
  }

  /** Gives waiting decisions to idle runners, each with the budget the line behind it leaves. */
  private dispatch(workers: number) {
    while (this.idle.length > 0) {
      const next = this.queue.shift();
      if (!next) return;
      const { request } = next;
      if (request.signal?.aborted) {
        this.decided('dropped');
        next.settle(null);
        continue;
      }
      const runner = this.idle.pop()!;
      const runners = this.runners;
      this.decided('thought');
      // Every runner busy counts as one more waiting: whoever asks next waits for this one's end.
      const waiting = this.queue.size + (this.idle.length === 0 ? 1 : 0);
      const job: ThinkJob = { id: this.nextId++, state: request.state, seat: request.seat, level: request.level, seed: request.seed, budgetMs: budgetUnderLoad(request.level, waiting, workers) };
      runner(job).then(
        (action) => next.settle(action),
        (err: Error) => next.settle(null, err),
      ).finally(() => {
        // A runner of a pool closed meanwhile is not given work again.
        if (this.runners !== runners) return;
        this.idle.push(runner);
        this.dispatch(workers);
      });
    }
  }
}
