/** A worker thread of the Gomoku computer: it thinks here, off the event loop every room shares. */
import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { Mulberry32 } from '../../../shared/core/rng';
import { computerAction } from '../../../shared/games/gomoku/ai';
import type { ThinkJob } from './computer';

// Below the event loop's priority: when the cores are busy, rooms' messages go first and the
// computer thinks less within its time budget (budgets are wall time). On Linux a thread has its
// own nice value, and setPriority(pid 0) sets the calling thread's: the worker's only.
try {
  setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
} catch {
  // Not allowed here (some containers): the worker thinks at the normal priority.
}

parentPort!.on('message', (job: ThinkJob) => {
  try {
    const action = computerAction(job.state, job.seat, { level: job.level, rng: new Mulberry32(job.seed), now: () => performance.now(), budgetMs: job.budgetMs });
    parentPort!.postMessage({ id: job.id, action });
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: (err as Error).message });
  }
});
