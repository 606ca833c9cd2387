/**
 * The Redis save path alone: `RoomPersistence.save` → `RedisRoomStore.save` →
 * ioredis → Redis, without rooms, clients or sockets around it. One save a 1 ms timer tick (each
 * in its own event-loop turn, as moves arrive under the load bench), over ROOMS rooms, with a
 * Gomoku snapshot of a game 32 stones in (~1 KB). Prints this process's CPU per save (less the
 * same ticks without a save), Redis's CPU per save and the saves' latency. `ALLOC=1`: also every
 * allocation of the window, by site (V8's sampling heap profiler, collected objects included).
 *
 *   npm run build:server && npx tsc -p test/bench/tsconfig.json && node dist/test/bench/save-path.bench.js [saves]
 *
 * Uses BENCH_REDIS_URL (default database 13) and deletes only the keys it wrote.
 */
import { Session } from 'node:inspector';
import type { Room } from '@colyseus/core';
import Redis from 'ioredis';
import { RoomPersistence } from '../../server/persistence/room-persistence';
import { RedisRoomStore } from '../../server/persistence/room-store';

const SAVES = Number(process.argv[2] ?? 10000);
const ROOMS = 200;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13';

/** A stored Gomoku room's snapshot from the load bench, 32 stones in. */
const snapshot = JSON.parse(
  '{"v":2,"game":{"config":{"rule":"freestyle","swap2":false},"opening":[],"winner":null,"winLine":[],"endReason":null,"turn":32,"phase":"main_game","toAct":1,"black":1,"white":2,"packed":1,' +
    `"moves":${JSON.stringify(Array.from({ length: 32 }, (_, i) => [i % 15, 1 + (i % 2), 2]).flat())}},` +
    '"options":{"name":"b401a","spectate":false,"rule":"freestyle","swap2":false,"turnSeconds":60},"seatRecords":[{"id":"np-QDrQf2","name":"b401a","bot":false},{"id":"ohN5LWi1m","name":"b401b","bot":false}],' +
    '"seats":["np-QDrQf2","ohN5LWi1m"],"seatIds":["np-QDrQf2","ohN5LWi1m"],"seatKeys":null,"seatTokens":{},"host":"np-QDrQf2","spectators":[],"tokens":{"np-QDrQf2":"CaQF_lCnm","ohN5LWi1m":"WDnXOnXay"},' +
    '"startedAt":1795770501841,"deadline":1795770598740,"advanceAt":0,"rng":1290251090,"policies":{"ranked":null,"history":{"id":"","endedAt":0},"rematch":[]},"savedAt":1795770538740}',
) as { savedAt: number };

const admin = new Redis(REDIS_URL);
const store = new RedisRoomStore(REDIS_URL);
const roomIds = Array.from({ length: ROOMS }, (_, i) => `save-path-bench-${i}`);
const rooms = roomIds.map((roomId) => new RoomPersistence('gomoku', { roomId } as Room, store));

async function redisCpuMs(): Promise<number> {
  const info = await admin.info('cpu');
  const read = (key: string) => Number(new RegExp(`${key}:([\\d.]+)`).exec(info)?.[1] ?? 0);
  return (read('used_cpu_user') + read('used_cpu_sys')) * 1000;
}

/** `n` ticks of 1 ms, each saving one room (`dry`: saving nothing); the saves' latencies, sorted. */
function run(n: number, dry = false): Promise<number[]> {
  const latencies: number[] = [];
  let issued = 0;
  let done = 0;
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (issued >= n) {
        if (done === n) {
          clearInterval(timer);
          resolve(latencies.sort((a, b) => a - b));
        }
        return;
      }
      const i = issued++ % ROOMS;
      if (dry) return void done++;
      const started = performance.now();
      snapshot.savedAt = Date.now();
      rooms[i].save(snapshot).then((saved) => {
        if (!saved) return reject(new Error('a save failed'));
        latencies.push(performance.now() - started);
        done++;
      }, reject);
    }, 1);
  });
}

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => session.post(method, params, (err, result) => (err ? reject(err) : resolve(result as T))));
}

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

function allocationSites(head: SamplingNode): [string, number][] {
  const sites = new Map<string, number>();
  const where = (n: SamplingNode) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
  const walk = (n: SamplingNode, caller: string) => {
    if (n.selfSize) sites.set(`${where(n)} ← ${caller}`, (sites.get(`${where(n)} ← ${caller}`) ?? 0) + n.selfSize);
    for (const child of n.children) walk(child, where(n));
  };
  walk(head, '');
  return [...sites].sort((a, b) => b[1] - a[1]);
}

async function main() {
  await run(2000); // warm-up: the connection made, the script loaded, the code optimised
  const dryFrom = process.cpuUsage();
  await run(SAVES, true);
  const dry = process.cpuUsage(dryFrom);
  const redisFrom = await redisCpuMs();
  const from = process.cpuUsage();
  const started = performance.now();
  let session: Session | undefined;
  if (process.env.ALLOC) {
    session = new Session();
    session.connect();
    await post(session, 'HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  }
  const latencies = await run(SAVES);
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(from);
  const redisMs = (await redisCpuMs()) - redisFrom;
  const us = (a: number, b: number) => ((a - b) / SAVES).toFixed(1);
  console.log(
    `${SAVES} saves in ${ms.toFixed(0)} ms: this process ${us(cpu.user + cpu.system, dry.user + dry.system)} µs a save (user ${us(cpu.user, dry.user)}, system ${us(cpu.system, dry.system)}; ` +
      `a tick without a save ${((dry.user + dry.system) / SAVES).toFixed(1)} µs), Redis ${((redisMs * 1000) / SAVES).toFixed(1)} µs a save, ` +
      `latency p50 ${latencies[Math.floor(SAVES * 0.5)].toFixed(3)} ms, p99 ${latencies[Math.floor(SAVES * 0.99)].toFixed(3)} ms`,
  );
  if (session) {
    const { profile } = await post<{ profile: { head: SamplingNode } }>(session, 'HeapProfiler.stopSampling');
    const sites = allocationSites(profile.head);
    const total = sites.reduce((sum, [, bytes]) => sum + bytes, 0);
    console.log(`allocated ~${(total / SAVES).toFixed(0)} bytes a save (sampled), by site ← caller:`);
    for (const [site, bytes] of sites.slice(0, 20)) console.log(`  ${(bytes / SAVES).toFixed(0).padStart(6)} B  ${site}`);
    session.disconnect();
  }
  await admin.del(...roomIds.flatMap((id) => [`parlor:room:${id}`, `parlor:room:${id}:tokens`]));
  await admin.hdel('parlor:owners', ...roomIds);
  await store.close();
  admin.disconnect();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
