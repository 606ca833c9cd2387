/**
 * The Gomoku computer, run off the event loop: a small pool of worker threads (one per core,
 * at most two) thinks, so a computer searching for most of a second never delays another
 * room. Run from TypeScript sources (the jest suite), there is no compiled worker to start:
 * it thinks inline there, after yielding once to the event loop.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { Mulberry32 } from '../../../shared/core/rng';
import type { ComputerLevel } from '../../../shared/games/gomoku/ai';
import type { GomokuAction, GomokuState, Seat } from '../../../shared/games/gomoku';
import { log } from '../../log';
import { GOMOKU_WORKER_FILE } from '../../paths';

export interface ThinkJob {
  id: number;
  state: GomokuState;
  seat: Seat;
  level: ComputerLevel;
  seed: number;
}

type Answer = { id: number; action?: GomokuAction; error?: string };

const compiled = __filename.endsWith('.js');
const workers: Worker[] = [];
const waiting = new Map<number, { resolve(a: GomokuAction): void; reject(e: Error): void }>();
let nextId = 1;
let turn = 0;

function pool(): Worker[] {
  if (workers.length) return workers;
  const size = Math.max(1, Math.min(2, availableParallelism()));
  for (let i = 0; i < size; i++) {
    const worker = new Worker(GOMOKU_WORKER_FILE);
    worker.unref(); // a thinking computer never keeps a stopping process alive
    worker.on('message', (answer: Answer) => {
      const job = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (answer.action) job?.resolve(answer.action);
      else job?.reject(new Error(answer.error ?? 'no answer'));
    });
    worker.on('error', (err) => log.error({ err }, 'Gomoku computer worker failed'));
    workers.push(worker);
  }
  return workers;
}

/** The computer's action for `seat` (rules numbering) at `level`; `seed` makes its noise reproducible. */
export function think(state: GomokuState, seat: Seat, level: ComputerLevel, seed: number): Promise<GomokuAction> {
  if (!compiled) {
    // Run from the sources (tests), the engine thinks on this thread. Loaded here, not at the top: a
    // compiled server's main thread never needs it, and start-up is shorter without it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { computerAction } = require('../../../shared/games/gomoku/ai') as typeof import('../../../shared/games/gomoku/ai');
    return new Promise((resolve) => setImmediate(() => resolve(computerAction(state, seat, { level, rng: new Mulberry32(seed), now: () => performance.now() }))));
  }
  const id = nextId++;
  const worker = pool()[turn++ % pool().length];
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, state, seat, level, seed } satisfies ThinkJob);
  });
}
