/** A worker thread of the Gomoku computer: it thinks here, off the event loop every room shares. */
import { parentPort } from 'node:worker_threads';
import { Mulberry32 } from '../../../shared/core/rng';
import { computerAction } from '../../../shared/games/gomoku/ai';
import type { ThinkJob } from './computer';

parentPort!.on('message', (job: ThinkJob) => {
  try {
    const action = computerAction(job.state, job.seat, { level: job.level, rng: new Mulberry32(job.seed), now: () => performance.now(), budgetMs: job.budgetMs });
    parentPort!.postMessage({ id: job.id, action });
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: (err as Error).message });
  }
});
