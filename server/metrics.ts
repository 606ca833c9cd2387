/**
 * Prometheus metrics for this process (prom-client), served at `GET /metrics`.
 *
 * One registry per server (`ParlorMetrics`, made at start and handed to the rooms and the HTTP
 * side), kept apart from prom-client's global default so nothing else registered there can clash
 * with it: two servers started in one process count apart. The rooms and clients gauges read
 * Colyseus's matchmaker, which is the process's (several servers in one jest process share it).
 *
 * Label values are bounded: game names come from the room definitions, message types from the
 * rooms' registered handlers (or `unknown`), codes from the rooms' fixed lists. As a last guard
 * any label outside `[a-z0-9_]{1,40}`, or beyond 64 distinct values of one label, is `other`.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { matchMaker } from '@colyseus/core';
import type { LimitedRoute } from './limits';

const MAX_VALUES_PER_LABEL = 64;

/** What a room, a guard or a route reports. Every call is cheap (a counter or histogram update) and never throws. */
export class ParlorMetrics {
  readonly registry = new Registry();
  private readonly seen = new Map<string, Set<string>>();
  private readonly messages: Counter<'game' | 'type'>;
  private readonly rejections: Counter<'game' | 'code'>;
  private readonly rateLimitedMessages: Counter<'game' | 'outcome'>;
  private readonly saves: Histogram<'game'>;
  private readonly actionToBroadcast: Histogram<'game'>;
  private readonly httpRateLimited: Counter<'route'>;
  private readonly matchmakeRefusals: Counter<'status'>;
  private readonly computerDecisions: Counter<'outcome'>;
  private census: Promise<Map<string, { rooms: number; clients: number }>> | undefined;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.messages = new Counter({
      name: 'parlor_messages_total',
      help: 'Client messages that reached a room, by game and message type (unknown types as "unknown")',
      labelNames: ['game', 'type'] as const,
      registers,
    });
    this.rejections = new Counter({
      name: 'parlor_rejections_total',
      help: 'Errors {code} sent to a client, by game and code',
      labelNames: ['game', 'code'] as const,
      registers,
    });
    this.rateLimitedMessages = new Counter({
      name: 'parlor_rate_limited_messages_total',
      help: 'Client messages over the per-client flood limit: dropped, or the client disconnected',
      labelNames: ['game', 'outcome'] as const,
      registers,
    });
    this.saves = new Histogram({
      name: 'parlor_room_save_seconds',
      help: 'Time to write one room save to Redis',
      labelNames: ['game'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.actionToBroadcast = new Histogram({
      name: 'parlor_action_to_broadcast_seconds',
      help: "From a client message's arrival to the state patch that carries its effect",
      labelNames: ['game'] as const,
      buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    });
    this.httpRateLimited = new Counter({
      name: 'parlor_http_rate_limited_total',
      help: 'HTTP requests refused with 429 by the per-address rate limit, by route',
      labelNames: ['route'] as const,
      registers,
    });
    this.matchmakeRefusals = new Counter({
      name: 'parlor_matchmake_refusals_total',
      help: 'Matchmaking requests answered with an error, by HTTP status',
      labelNames: ['status'] as const,
      registers,
    });
    this.computerDecisions = new Counter({
      name: 'parlor_computer_decisions_total',
      help: "The Gomoku computer's decisions: thought through by a worker, dropped unthought (its room went, or a newer one replaced it), or taken on the spot (the line full)",
      labelNames: ['outcome'] as const,
      registers,
    });
    const census = () => this.localCensus().catch(() => new Map<string, { rooms: number; clients: number }>());
    new Gauge({
      name: 'parlor_rooms',
      help: 'Rooms hosted by this process, by game',
      labelNames: ['game'] as const,
      registers,
      async collect() {
        const counts = await census();
        this.reset();
        for (const [game, { rooms }] of counts) this.set({ game }, rooms);
      },
    });
    new Gauge({
      name: 'parlor_clients',
      help: 'Clients (players and spectators) connected to rooms of this process, by game',
      labelNames: ['game'] as const,
      registers,
      async collect() {
        const counts = await census();
        this.reset();
        for (const [game, { clients }] of counts) this.set({ game }, clients);
      },
    });
  }

  message(game: string, type: string): void {
    this.messages.inc({ game: this.bounded('game', game), type: this.bounded('type', type) });
  }

  rejection(game: string, code: string): void {
    this.rejections.inc({ game: this.bounded('game', game), code: this.bounded('code', code) });
  }

  rateLimited(game: string, outcome: 'dropped' | 'disconnected'): void {
    this.rateLimitedMessages.inc({ game: this.bounded('game', game), outcome: outcome === 'disconnected' ? 'disconnected' : 'dropped' });
  }

  saveSeconds(game: string, seconds: number): void {
    if (Number.isFinite(seconds) && seconds >= 0) this.saves.observe({ game: this.bounded('game', game) }, seconds);
  }

  actionToBroadcastSeconds(game: string, seconds: number): void {
    if (Number.isFinite(seconds) && seconds >= 0) this.actionToBroadcast.observe({ game: this.bounded('game', game) }, seconds);
  }

  computerDecision(outcome: 'thought' | 'dropped' | 'on_the_spot'): void {
    this.computerDecisions.inc({ outcome });
  }

  /** Gauges of the Gomoku computer, read from it at each scrape: live games against it, decisions waiting and thinking. */
  watchComputer(read: () => { games: number; waiting: number; thinking: number }): void {
    const gauge = (name: string, help: string, value: (now: ReturnType<typeof read>) => number) =>
      new Gauge({ name, help, registers: [this.registry], collect() { this.set(value(read())); } });
    gauge('parlor_computer_games', 'Live games against the Gomoku computer (each counted against its address and player)', (now) => now.games);
    gauge('parlor_computer_waiting', "The Gomoku computer's decisions waiting for a worker thread", (now) => now.waiting);
    gauge('parlor_computer_thinking', "The Gomoku computer's decisions being thought now", (now) => now.thinking);
  }

  /** An HTTP request refused with 429 by its route's limit. */
  httpRateLimit(route: LimitedRoute): void {
    this.httpRateLimited.inc({ route });
  }

  matchmakeRefusal(status: number): void {
    this.matchmakeRefusals.inc({ status: String(Math.trunc(status)).slice(0, 3) });
  }

  /** `value` when it is a well-formed, not-too-many-times-new label value; else `other`. */
  private bounded(label: string, value: unknown): string {
    if (typeof value !== 'string' || !/^[a-z0-9_]{1,40}$/i.test(value)) return 'other';
    let values = this.seen.get(label);
    if (!values) this.seen.set(label, (values = new Set()));
    if (values.has(value)) return value;
    if (values.size >= MAX_VALUES_PER_LABEL) return 'other';
    values.add(value);
    return value;
  }

  /** Rooms and clients of this process by game, read from the matchmaker once per scrape. */
  private localCensus(): Promise<Map<string, { rooms: number; clients: number }>> {
    // Both gauges are collected in parallel during one scrape: they share one count.
    this.census ??= (async () => {
      const counts = new Map<string, { rooms: number; clients: number }>();
      const driver = matchMaker.driver;
      if (!driver) return counts;
      const caches = await driver.query({ processId: matchMaker.processId });
      for (const cache of caches) {
        const room = matchMaker.getLocalRoomById(cache.roomId);
        if (!room) continue;
        const game = this.bounded('game', room.roomName);
        const entry = counts.get(game) ?? { rooms: 0, clients: 0 };
        entry.rooms += 1;
        entry.clients += room.clients.length;
        counts.set(game, entry);
      }
      return counts;
    })().finally(() => setImmediate(() => (this.census = undefined)));
    return this.census;
  }
}
