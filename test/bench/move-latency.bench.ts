/**
 * Move latency over real WebSockets: the time from a player's `place` until the opponent's
 * client has decoded the stone, against the bare round trip of a message the room answers
 * with an error (the baseline: same socket, same room, no state change).
 */
import { Client, type Room } from '@colyseus/sdk';
import { startParlor } from '../../server/app';
import { percentile, report } from './timing';

const MOVES = 200;

/** Cells coloured in column pairs alternating by row: no line of five anywhere, so games never end. */
const cellsOf = (colour: number) =>
  Array.from({ length: 225 }, (_, i) => i).filter((i) => ((Math.floor((i % 15) / 2) + Math.floor(i / 15)) % 2 === 0 ? 1 : 2) === colour);
export const BLACK_CELLS = cellsOf(1);
export const WHITE_CELLS = cellsOf(2);

export async function benchMoveLatency(): Promise<void> {
  console.log('\n# Gomoku move latency (real server, SDK clients, loopback)');
  // Flood control would drop this loop's back-to-back messages (it sends far above 20/s): it has a bench of its own.
  const server = await startParlor({ port: 0, host: '127.0.0.1', redisUrl: undefined, publicAddress: undefined, clientDir: '', floodLimits: { burst: 100_000, perSecond: 100_000 } });
  const client = new Client(server.url);
  const bareRoundTrips: number[] = [];
  const moveLatencies: number[] = [];
  for (let game = 0; game * 100 < MOVES; game++) {
    const p1 = await client.create('gomoku', { name: 'A', swap2: false, rule: 'freestyle' });
    const p2 = await client.joinById(p1.roomId, { name: 'B' });
    await until(() => p1.state?.phase === 'main_game');
    for (let i = 0; i < 50; i++) {
      // Baseline: an unknown message and its error reply.
      let t = performance.now();
      await new Promise<void>((resolve) => { const off = p1.onMessage('error', () => { off(); resolve(); }); p1.send('ping', {}); });
      bareRoundTrips.push(performance.now() - t);
      for (const [mover, watcher, cell] of [[p1, p2, BLACK_CELLS[i]], [p2, p1, WHITE_CELLS[i]]] as [Room, Room, number][]) {
        const x = cell % 15;
        const y = Math.floor(cell / 15);
        t = performance.now();
        mover.send('place', { x, y });
        await until(() => watcher.state.lastMove === y * 15 + x); // the synced state has the last stone, no board or list
        moveLatencies.push(performance.now() - t);
      }
    }
    await Promise.all([p1.leave(), p2.leave()]);
  }
  await server.stop();
  const base = percentile(bareRoundTrips, 50);
  report('message round trip, p50 (baseline)', base, 'ms');
  report('move to opponent decoded, p50', percentile(moveLatencies, 50), 'ms', { name: 'baseline', value: base });
  report('move to opponent decoded, p95', percentile(moveLatencies, 95), 'ms', { name: 'baseline', value: base });
}

/** Polls without timers' 1 ms granularity; gives up after `ms` so a bug cannot hang the run. */
export function until(condition: () => boolean, ms = 5000): Promise<void> {
  const deadline = performance.now() + ms;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (condition()) resolve();
      else if (performance.now() > deadline) reject(new Error(`benchmark condition not met within ${ms} ms`));
      else setImmediate(check);
    };
    check();
  });
}
