/**
 * The load generator: a process of its own (started by main.ts, pinned to its own core), so
 * the server under test never shares its event loop with the clients. It opens tables, then
 * runs an open-loop schedule — `rate` actions a second, round robin over the tables, each
 * table at most one action in flight — and times each action from the mover's send to every
 * other player's client seeing it. Driven over IPC (protocol.ts).
 */
import { percentile } from '../timing';
import { openBareTable } from './bare-driver';
import { openParlorTable } from './parlor-driver';
import { openPlainColyseusTable } from './plain-colyseus-driver';
import type { GeneratorAnswer, GeneratorRequest, Impl, OpenResult, WindowResult } from './protocol';
import type { OpenTable, Table, TableEvents } from './table';

const DRIVERS: Record<Impl, OpenTable> = { parlor: openParlorTable, colyseus: openPlainColyseusTable, bare: openBareTable };

const tables: Table[] = [];
/** How each slot's table was made, to replace a finished game with the same kind of table. */
let opened: { open: OpenTable; game: 'gomoku' | 'flip7'; urls: string[] } | undefined;
let names = 0;

let latencies: number[] = [];
let sendLags: number[] = [];
const counts = { actions: 0, skipped: 0, errors: 0, replaced: 0 };
const events: TableEvents = {
  delivered: (ms) => latencies.push(ms),
  refused: () => (counts.errors += 1),
};

/** A slot whose table is being replaced: never ready, never finished. */
const REPLACING: Table = { ready: false, finished: false, act() {}, close: async () => {} };

async function open(req: Extract<GeneratorRequest, { cmd: 'open' }>): Promise<OpenResult> {
  const open = DRIVERS[req.impl];
  opened = { open, game: req.game, urls: req.urls };
  const result: OpenResult = { opened: 0, failed: 0, joinMs: [], wallMs: 0 };
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    // Ten failures end the batch: the idle run stops where the server (or the fd limit) does.
    while (next < req.tables && result.failed < 10) {
      const url = req.urls[(tables.length + next++) % req.urls.length];
      const t0 = performance.now();
      try {
        tables.push(await open(req.game, url, `b${names++}`, events));
        result.joinMs.push(performance.now() - t0);
        result.opened += 1;
      } catch (err) {
        result.failed += 1;
        result.firstError ??= String((err as Error)?.message ?? err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(req.concurrency, req.tables) }, worker));
  result.wallMs = performance.now() - started;
  return result;
}

function replace(slot: number): void {
  const old = tables[slot];
  tables[slot] = REPLACING;
  counts.replaced += 1;
  const { open, game, urls } = opened!;
  void old.close().then(() => open(game, urls[slot % urls.length], `b${names++}`, events)).then(
    (table) => (tables[slot] = table),
    () => undefined, // the slot stays empty: its share of the schedule shows as skipped
  );
}

let timer: NodeJS.Timeout | undefined;

/** Every millisecond, sends what the schedule says is due (one timer, not one per table). */
function start(rate: number): void {
  const t0 = performance.now();
  let sent = 0;
  const tick = () => {
    const now = performance.now();
    const due = Math.floor(((now - t0) * rate) / 1000);
    for (; sent < due; sent++) {
      const slot = sent % tables.length;
      const table = tables[slot];
      if (table.finished) replace(slot);
      if (!table.ready || table.finished) {
        counts.skipped += 1;
        continue;
      }
      sendLags.push(now - (t0 + (sent * 1000) / rate));
      counts.actions += 1;
      table.act();
    }
    timer = setTimeout(tick, 1);
  };
  tick();
}

async function stop(): Promise<void> {
  clearTimeout(timer);
  const deadline = performance.now() + 5000;
  while (tables.some((t) => !t.ready && t !== REPLACING) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

function reset(): void {
  latencies = [];
  sendLags = [];
  Object.assign(counts, { actions: 0, skipped: 0, errors: 0, replaced: 0 });
}

function collect(): WindowResult {
  const at = (p: number) => (latencies.length ? percentile(latencies, p) : NaN);
  return {
    ...counts,
    deliveries: latencies.length,
    p50: at(50),
    p99: at(99),
    p999: at(99.9),
    max: latencies.length ? latencies.reduce((a, b) => Math.max(a, b)) : NaN,
    sendLagP99: sendLags.length ? percentile(sendLags, 99) : 0,
  };
}

async function close(): Promise<void> {
  clearTimeout(timer);
  for (let i = 0; i < tables.length; i += 200) await Promise.all(tables.slice(i, i + 200).map((t) => t.close().catch(() => undefined)));
}

async function handle(req: GeneratorRequest): Promise<OpenResult | WindowResult | void> {
  switch (req.cmd) {
    case 'open':
      return open(req);
    case 'start':
      return start(req.rate);
    case 'reset':
      return reset();
    case 'collect':
      return collect();
    case 'stop':
      return stop();
    case 'close':
      return close();
  }
}

process.on('message', (req: GeneratorRequest) => {
  handle(req).then(
    (result) => process.send!({ ok: true, result: result ?? undefined } satisfies GeneratorAnswer),
    (err) => process.send!({ ok: false, error: String(err?.stack ?? err) } satisfies GeneratorAnswer),
  );
});
// The orchestrator gone: nothing left to measure for.
process.on('disconnect', () => process.exit(0));
