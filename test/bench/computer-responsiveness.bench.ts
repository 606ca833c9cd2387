/**
 * Other rooms while the Gomoku computer thinks: the move latency of a plain two-player room
 * (send → opponent decoded), first with nothing else running (the baseline), then while two
 * level-3 computers think without pause in two other rooms (their search runs in worker
 * threads, so the event loop every room shares should barely notice).
 */
import { Client, type Room } from '@colyseus/sdk';
import { startParlor } from '../../server/app';
import { BLACK_CELLS, WHITE_CELLS, until } from './move-latency.bench';
import { percentile, report } from './timing';

const MOVES = 100;

async function plainRoomLatencies(client: Client): Promise<number[]> {
  const p1 = await client.create('gomoku', { name: 'A', swap2: false, rule: 'freestyle' });
  const p2 = await client.joinById(p1.roomId, { name: 'B' });
  await until(() => p1.state?.phase === 'main_game' && p2.state?.phase === 'main_game' && Boolean(p1.state.moves && p2.state.moves));
  const latencies: number[] = [];
  for (let i = 0; i < MOVES / 2; i++) {
    for (const [mover, watcher, cell] of [[p1, p2, BLACK_CELLS[i]], [p2, p1, WHITE_CELLS[i]]] as [Room, Room, number][]) {
      const [x, y] = [cell % 15, Math.floor(cell / 15)];
      const t = performance.now();
      mover.send('place', { x, y });
      await until(() => watcher.state.moves.includes(y * 15 + x)); // the synced state has no board: the move is in `moves`
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  await Promise.all([p1.leave(), p2.leave()]);
  return latencies;
}

/** Games against the level-3 computer whose human side answers at once, so the computer is always thinking. */
async function keepThinking(client: Client, stop: () => boolean, thinks: { count: number }): Promise<void> {
  while (!stop()) {
    const room = await client.create('gomoku', { name: 'H', opponent: 'computer', level: 3, swap2: false, first: 'computer' });
    while (!stop() && (room.state as any)?.phase !== 'game_over') {
      const s = room.state as any;
      if (s?.toMove === room.sessionId) {
        // The first empty cell: the synced state has no board, so the first cell not in `moves`.
        const taken = new Set<number>(s.moves);
        let cell = 0;
        while (taken.has(cell)) cell++;
        const moves = s.moves.length;
        room.send('place', { x: cell % 15, y: Math.floor(cell / 15) });
        await until(() => (room.state as any).moves.length > moves + 1 || (room.state as any).phase === 'game_over', 10000);
        thinks.count++;
      } else await new Promise((r) => setTimeout(r, 5));
    }
    await room.leave();
  }
}

export async function benchComputerResponsiveness(): Promise<void> {
  console.log('\n# Other rooms while two level-3 computers think (real server, worker threads)');
  process.env.BOT_DELAY_MS = '0';
  const server = await startParlor({ port: 0, host: '127.0.0.1', redisUrl: undefined, publicAddress: undefined, clientDir: '' });
  const client = new Client(server.url);
  await plainRoomLatencies(client); // warm-up, not recorded
  const quiet = await plainRoomLatencies(client);
  let done = false;
  const thinks = { count: 0 };
  const computers = [keepThinking(client, () => done, thinks), keepThinking(client, () => done, thinks)];
  await new Promise((r) => setTimeout(r, 1000));
  const busy = await plainRoomLatencies(client);
  done = true;
  await Promise.all(computers);
  await server.stop();
  const base = percentile(quiet, 50);
  report('plain room move, p50, nothing else running (baseline)', base, 'ms');
  report('plain room move, p95, nothing else running', percentile(quiet, 95), 'ms', { name: 'baseline', value: base });
  report('plain room move, p50, two computers thinking', percentile(busy, 50), 'ms', { name: 'baseline', value: base });
  report('plain room move, p95, two computers thinking', percentile(busy, 95), 'ms', { name: 'baseline', value: base });
  console.log(`(${thinks.count} computer moves answered while the plain room played)`);
}
