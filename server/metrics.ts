/**
 * Prometheus metrics for this process (prom-client), served at `GET /metrics`.
 *
 * One registry for the process, kept apart from prom-client's global default so nothing else
 * registered there can clash with it. Rooms and the matchmaker are per process too (several
 * servers started in one jest process share one matchmaker), so the counters are per process;
 * tests compare values before and after, never absolute counts.
 *
 * Label values are bounded: game names come from the room definitions, message types from the
 * rooms' registered handlers (or `unknown`), codes from the rooms' fixed lists. As a last guard
 * any label outside `[a-z0-9_]{1,40}`, or beyond 64 distinct values of one label, is `other`.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { matchMaker } from '@colyseus/core';
import type { LimitedRoute } from './limits';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const MAX_VALUES_PER_LABEL = 64;
const seen = new Map<string, Set<string>>();

/** `value` when it is a well-formed, not-too-many-times-new label value; else `other`. */
function bounded(label: string, value: unknown): string {
  if (typeof value !== 'string' || !/^[a-z0-9_]{1,40}$/i.test(value)) return 'other';
  let values = seen.get(label);
  if (!values) seen.set(label, (values = new Set()));
  if (values.has(value)) return value;
  if (values.size >= MAX_VALUES_PER_LABEL) return 'other';
  values.add(value);
  return value;
}

const messages = new Counter({
  name: 'parlor_messages_total',
  help: 'Client messages that reached a room, by game and message type (unknown types as "unknown")',
  labelNames: ['game', 'type'] as const,
  registers: [registry],
});

const rejections = new Counter({
  name: 'parlor_rejections_total',
  help: 'Errors {code} sent to a client, by game and code',
  labelNames: ['game', 'code'] as const,
  registers: [registry],
});

const rateLimitedMessages = new Counter({
  name: 'parlor_rate_limited_messages_total',
  help: 'Client messages over the per-client flood limit: dropped, or the client disconnected',
  labelNames: ['game', 'outcome'] as const,
  registers: [registry],
});

const saveSeconds = new Histogram({
  name: 'parlor_room_save_seconds',
  help: 'Time to write one room save to Redis',
  labelNames: ['game'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

const actionToBroadcast = new Histogram({
  name: 'parlor_action_to_broadcast_seconds',
  help: "From a client message's arrival to the state patch that carries its effect",
  labelNames: ['game'] as const,
  buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  registers: [registry],
});

const httpRateLimited = new Counter({
  name: 'parlor_http_rate_limited_total',
  help: 'HTTP requests refused with 429 by the per-address rate limit, by route',
  labelNames: ['route'] as const,
  registers: [registry],
});

const matchmakeRefusals = new Counter({
  name: 'parlor_matchmake_refusals_total',
  help: 'Matchmaking requests answered with an error, by HTTP status',
  labelNames: ['status'] as const,
  registers: [registry],
});

const computerDecisions = new Counter({
  name: 'parlor_computer_decisions_total',
  help: "The Gomoku computer's decisions: thought through by a worker, dropped unthought (its room went, or a newer one replaced it), or taken on the spot (the line full)",
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** Rooms and clients of this process by game, read from the matchmaker once per scrape. */
let census: Promise<Map<string, { rooms: number; clients: number }>> | undefined;
function localCensus(): Promise<Map<string, { rooms: number; clients: number }>> {
  // Both gauges are collected in parallel during one scrape: they share one count.
  census ??= (async () => {
    const counts = new Map<string, { rooms: number; clients: number }>();
    const driver = matchMaker.driver;
    if (!driver) return counts;
    const caches = await driver.query({ processId: matchMaker.processId });
    for (const cache of caches) {
      const room = matchMaker.getLocalRoomById(cache.roomId);
      if (!room) continue;
      const game = bounded('game', room.roomName);
      const entry = counts.get(game) ?? { rooms: 0, clients: 0 };
      entry.rooms += 1;
      entry.clients += room.clients.length;
      counts.set(game, entry);
    }
    return counts;
  })().finally(() => setImmediate(() => (census = undefined)));
  return census;
}

new Gauge({
  name: 'parlor_rooms',
  help: 'Rooms hosted by this process, by game',
  labelNames: ['game'] as const,
  registers: [registry],
  async collect() {
    const counts = await localCensus().catch(() => new Map());
    this.reset();
    for (const [game, { rooms }] of counts) this.set({ game }, rooms);
  },
});

new Gauge({
  name: 'parlor_clients',
  help: 'Clients (players and spectators) connected to rooms of this process, by game',
  labelNames: ['game'] as const,
  registers: [registry],
  async collect() {
    const counts = await localCensus().catch(() => new Map());
    this.reset();
    for (const [game, { clients }] of counts) this.set({ game }, clients);
  },
});

/** What the rooms report. Every call is cheap (a counter or histogram update) and never throws. */
export const metrics: {
  message(game: string, type: string): void;
  rejection(game: string, code: string): void;
  rateLimited(game: string, outcome: 'dropped' | 'disconnected'): void;
  saveSeconds(game: string, seconds: number): void;
  actionToBroadcastSeconds(game: string, seconds: number): void;
  computerDecision(outcome: 'thought' | 'dropped' | 'on_the_spot'): void;
} = {
  message: (game, type) => messages.inc({ game: bounded('game', game), type: bounded('type', type) }),
  rejection: (game, code) => rejections.inc({ game: bounded('game', game), code: bounded('code', code) }),
  rateLimited: (game, outcome) => rateLimitedMessages.inc({ game: bounded('game', game), outcome: outcome === 'disconnected' ? 'disconnected' : 'dropped' }),
  saveSeconds: (game, seconds) => {
    if (Number.isFinite(seconds) && seconds >= 0) saveSeconds.observe({ game: bounded('game', game) }, seconds);
  },
  actionToBroadcastSeconds: (game, seconds) => {
    if (Number.isFinite(seconds) && seconds >= 0) actionToBroadcast.observe({ game: bounded('game', game) }, seconds);
  },
  computerDecision: (outcome) => computerDecisions.inc({ outcome }),
};

/** What the HTTP side reports. */
export const httpMetrics = {
  rateLimited: (route: LimitedRoute) => httpRateLimited.inc({ route }),
  matchmakeRefusal: (status: number) => matchmakeRefusals.inc({ status: String(Math.trunc(status)).slice(0, 3) }),
};
