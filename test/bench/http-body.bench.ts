/**
 * `npm run bench -- http-body`: the main thread one HTTP body costs the server, for the worst
 * bodies that can be built within the limits (a 500 KB body of nested arrays held the
 * event loop ~275 ms). The server runs in a worker thread of its own, and that thread's CPU time
 * (Linux's `/proc/<pid>/task/<tid>/schedstat`, in ns) is read around each request, from the first
 * byte sent to the last byte of the answer: what the server's event loop spent on that body,
 * reading, scanning, parsing, validating, replaying, answering, and the garbage collection it
 * paused for. CPU time, not wall time, so other processes of a shared machine do not inflate it
 * (the event loop's active time does: a thread waiting for a core counts as active). Each body
 * is sent after a warm-up, one at a time; the median, p95 and worst are printed, with their ratio
 * to a small valid session (the baseline). The worst of a case can hold a garbage collection of
 * the whole server's heap that happened to fall on that request.
 */
import { Agent, request } from 'node:http';
import { Worker, isMainThread, workerData, parentPort } from 'node:worker_threads';
import { readFileSync, readlinkSync } from 'node:fs';
import { loadavg } from 'node:os';
import { exportSession, newGame, MAX_ATTEMPTS } from '../../shared/games/ten-exorcism';
import { startParlor } from '../../server/app';
import { setLogLevel } from '../../server/log';
import { TEN_VERIFY_BODY } from '../../server/games/ten-exorcism/routes';
import { MATCHMAKE_JSON_LIMITS, MAX_MATCHMAKE_BODY_BYTES } from '../../server/http/gate';
import { percentile, report } from './timing';

const ROLE = 'parlor-http-body-server';
const WARMUP = 5;
const RUNS = 30;
/** TEN_VERIFY_BODY.limit in bytes. */
const TEN_LIMIT_BYTES = 128 * 1024;
const ITEMS = TEN_VERIFY_BODY.maxItems;

if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE) void serveInWorker();

async function serveInWorker(): Promise<void> {
  setLogLevel('warn');
  const server = await startParlor({ port: 0, host: '127.0.0.1', redisUrl: undefined, publicAddress: undefined, clientDir: '', rateLimits: { exemptLoopback: true } });
  // "<pid>/task/<tid>": this thread's entry, which the parent reads.
  parentPort!.postMessage({ port: server.port, task: readlinkSync('/proc/thread-self') });
}

interface BodyCase {
  name: string;
  route: string;
  body: string;
  /** The status the server should answer: a bench of the wrong path measures nothing. */
  status: number;
}

const session = exportSession(newGame(11), 'bench', 0, 1);
const sessionWith = (extra: string) => `${JSON.stringify(session).slice(0, -1)},${extra}}`;
/** The session with `value` as its id: a key of the format, so the scan reads all of the value (an unknown key would stop it there). */
const inId = (value: string) => JSON.stringify({ ...session, id: 0 }).replace('"id":0', `"id":${value}`);
const fill = (unit: string, bytes: number) => unit.repeat(Math.floor(bytes / unit.length));

function cases(): BodyCase[] {
  // Every attempt the room could have logged, each a selection of the whole board: the longest replay.
  const longest = { ...session, actions: Array.from({ length: MAX_ATTEMPTS }, (_, i) => ({ t: 1_000_000 + i, s: [0, 0, 16, 9] as [number, number, number, number], r: 0 as const, p: 0 })) };
  const budget = TEN_LIMIT_BYTES - 400;
  const perItem = Math.floor(budget / ITEMS);
  const key = (i: number) => `k${i}`.padEnd(perItem - 5, 'x');
  const nest32 = '['.repeat(31) + ']'.repeat(31);
  return [
    { name: 'ten: small valid session (baseline)', route: '/api/ten/verify', body: JSON.stringify(session), status: 200 },
    { name: `ten: ${MAX_ATTEMPTS} whole-board attempts (longest replay)`, route: '/api/ten/verify', body: JSON.stringify(longest), status: 200 },
    { name: 'ten: a string id up to the limit', route: '/api/ten/verify', body: JSON.stringify({ ...session, id: 'x'.repeat(budget) }), status: 400 },
    { name: 'ten: a string of \\u escapes up to the limit', route: '/api/ten/verify', body: inId(`"${fill('\\u00e9', budget)}"`), status: 400 },
    // An object counts twice (its bracket and its comma).
    { name: `ten: ${ITEMS / 2 - 10} empty objects`, route: '/api/ten/verify', body: inId(`[${new Array(ITEMS / 2 - 10).fill('{}').join(',')}]`), status: 400 },
    { name: `ten: ${ITEMS} distinct keys (refused: unknown key)`, route: '/api/ten/verify', body: sessionWith(`"junk":{${Array.from({ length: ITEMS - 10 }, (_, i) => `"${key(i)}":0`).join(',')}}`), status: 400 },
    { name: `ten: ${ITEMS / 2 - 10} objects of known keys`, route: '/api/ten/verify', body: JSON.stringify({ ...session, actions: Array.from({ length: ITEMS / 2 - 10 }, (_, i) => ({ [['t', 's', 'r', 'p'][i % 4]]: i })) }), status: 400 },
    { name: `ten: ${ITEMS} keys in one object, all known`, route: '/api/ten/verify', body: JSON.stringify({ ...session, actions: 0 }).replace('"actions":0', `"actions":{${Array.from({ length: ITEMS - 10 }, (_, i) => `"${['t', 's', 'r', 'p'][i % 4]}":${i}`).join(',')}}`), status: 400 },
    { name: `ten: ${ITEMS} numbers of ${perItem} digits`, route: '/api/ten/verify', body: inId(`[${Array.from({ length: ITEMS - 10 }, () => '9'.repeat(perItem - 2)).join(',')}]`), status: 400 },
    { name: `ten: ${ITEMS} strings with escapes`, route: '/api/ten/verify', body: inId(`[${Array.from({ length: ITEMS - 10 }, () => `"${fill('\\n', perItem - 4)}"`).join(',')}]`), status: 400 },
    { name: 'ten: 32 levels deep, repeated', route: '/api/ten/verify', body: inId(`[${new Array(Math.floor((ITEMS - 10) / 32)).fill(nest32).join(',')}]`), status: 400 },
    { name: 'ten: 65,000 nested arrays (refused: too deep)', route: '/api/ten/verify', body: inId(`${'['.repeat(65_000)}${']'.repeat(65_000)}`), status: 400 },
    { name: 'ten: the issue\'s attack, 250,000 nested arrays (refused: too large)', route: '/api/ten/verify', body: sessionWith(`"junk":${'['.repeat(250_000)}${']'.repeat(250_000)}`), status: 413 },
    { name: 'ten: zeros up to the limit (refused: too many items)', route: '/api/ten/verify', body: inId(`[${fill('0,', budget)}0]`), status: 413 },
    { name: 'guest: 2 KB with a 64-key object', route: '/api/guest', body: `{"name":"Ada","x":{${Array.from({ length: 60 }, (_, i) => `"${`k${i}`.padEnd(24, 'y')}":0`).join(',')}}}`, status: 400 },
    { name: `matchmake: 16 KB, ${MATCHMAKE_JSON_LIMITS.maxItems} items`, route: '/matchmake/create/gomoku', body: `{"name":"Ada","x":[${Array.from({ length: MATCHMAKE_JSON_LIMITS.maxItems - 4 }, () => `"${'z'.repeat(Math.floor(MAX_MATCHMAKE_BODY_BYTES / MATCHMAKE_JSON_LIMITS.maxItems) - 6)}"`).join(',')}]}`, status: 400 },
    { name: 'matchmake: 8,000 nested arrays (refused: too deep)', route: '/matchmake/create/gomoku', body: '['.repeat(8000) + ']'.repeat(8000), status: 400 },
  ];
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function post(port: number, route: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: route, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The server thread's CPU time so far, in ms (the first field of schedstat: ns on a CPU). */
const cpuMs = (task: string) => Number(readFileSync(`/proc/${task}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

/** The server thread's CPU time (ms) over one request. */
async function cost(task: string, port: number, c: BodyCase): Promise<number> {
  const before = cpuMs(task);
  const status = await post(port, c.route, c.body);
  const spent = cpuMs(task) - before;
  if (status !== c.status) throw new Error(`${c.name}: answered ${status}, expected ${c.status}`);
  return spent;
}

export async function benchHttpBody(): Promise<void> {
  console.log(`\n# Main-thread cost of one HTTP body, the worst within the limits (server in a worker thread; ms of that thread's CPU per request; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  const worker = new Worker(__filename, { workerData: { role: ROLE } });
  const { port, task } = await new Promise<{ port: number; task: string }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  let baseline: number | undefined;
  let worstOfAll = 0;
  for (const c of cases()) {
    for (let i = 0; i < WARMUP; i++) await cost(task, port, c);
    const costs: number[] = [];
    for (let i = 0; i < RUNS; i++) costs.push(await cost(task, port, c));
    const median = percentile(costs, 50);
    const worst = Math.max(...costs);
    baseline ??= median;
    worstOfAll = Math.max(worstOfAll, worst);
    const kb = (Buffer.byteLength(c.body) / 1024).toFixed(0);
    report(`${c.name} (${kb} KB), median`, median, 'ms', { name: 'baseline', value: baseline });
    report(`${c.name} (${kb} KB), p95`, percentile(costs, 95), 'ms', { name: 'baseline', value: baseline });
    report(`${c.name} (${kb} KB), worst of ${RUNS}`, worst, 'ms', { name: 'baseline', value: baseline });
  }
  console.log(`worst of every body: ${worstOfAll.toFixed(1)} ms (goal: at most 20 ms)`);
  agent.destroy();
  await worker.terminate();
}
