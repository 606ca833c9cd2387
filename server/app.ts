/**
 * Builds the Parlor server: the Colyseus server with its rooms, the HTTP routes
 * (health, static client) and, with REDIS_URL, the Redis presence and driver.
 * Tests call `startParlor` with port 0 to run the real server in-process.
 */
import './websocket-global';
import type { AddressInfo, Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { Server, matchMaker } from '@colyseus/core';
import { parlorLobby } from './rooms/lobby-room';
import { IndexedLocalDriver } from './rooms/indexed-local-driver';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { computerLimitsOf, DEFAULT_HEALTH_CACHE_MS, floodLimitsOf, rateLimitsOf, roomLimitsOf, type ParlorConfig } from './config';
import { GAMES } from './games/registry';
import { tableRoom } from './table/game-room';
import type { AnyServerGame } from './table/server-game';
import { mountHttpRoutes } from './http/routes';
import { mountRankedRoutes } from './http/ranked-routes';
import { mountAuthRoutes } from './http/auth-routes';
import { mountMyTablesRoute } from './http/my-tables-route';
import { colyseusAuthSettled } from './accounts/colyseus-auth';
import { AccountStore } from './accounts/account-store';
import { resetMailer } from './accounts/mail';
import { SignInLimits } from './http/sign-in-limits';
import { assertStrongAuthSecret } from './accounts/auth-secret';
import { openServices, type RoomServices, type Services } from './services';
import type { Database } from './db/database';
import { openDatabaseOfRecord } from './db/open';
import { rankedQueueRoom } from './ranked/queue-room';
import { tournamentRoom } from './tournaments/director-room';
import { mountTournamentRoutes } from './tournaments/routes';
import { mountHistoryRoutes } from './http/history-routes';
import { RedisRoomStore } from './persistence/room-store';
import { connectRedis, reportOutages } from './redis-connection';
import { OnlineRegistry } from './presence/online';
import { listenIdentity, portIsFree, restoreOrphanedRooms, startHeartbeat, sweepDeadProcesses } from './persistence/restore';
import { httpSide } from './http/setup';
import { rateLimitRedis } from './http/rate-limit';
import { colyseusLogger, log } from './log';
import { RoomBudget } from './guards/room-budget';
import { SharedHandshakes } from './table/shared-handshake';
import { ParlorMetrics } from './metrics';

/**
 * Colyseus gives every room two encode buffers of `Encoder.BUFFER_SIZE` (16 KB by default), and
 * grows one (re-encoding, with a warning) when a state needs more. The largest states here are
 * a Flip 7 table of 18 with spectators: 1.4-2.0 KB, full state or round-reset patch, in a dozen
 * games (test/server/encode-buffer.test.ts). Only 18 names of 24 four-byte characters could pass
 * 4 KB, and then that one room grows its buffer.
 * Measured creating rooms: 24 KB less RSS and ~12% less CPU per room (docs/performance.md, "Recovery").
 */
export const ENCODE_BUFFER_BYTES = 4 * 1024;

/** Incoming frames above this size close the sender's connection (RULINGS.md: keep a cap). */
export const MAX_PAYLOAD_BYTES = 4 * 1024;

export interface RunningParlor {
  server: Server;
  port: number;
  /** The base URL for clients, e.g. ws://127.0.0.1:2567 */
  url: string;
  /** The metrics listener's port (METRICS_PORT), or null when there is none. */
  metricsPort: number | null;
  /** What every room was handed (its store, presence, the guards' settings). */
  rooms: RoomServices;
  /** The stores and the process's own parts (the ranked rules, the Gomoku computer): tests read and adjust them. */
  services: Services;
  stop(): Promise<void>;
}

/**
 * After a crash every client of the process reconnects within the same moment: a listen
 * backlog of Node's default 511 drops the rest of their connection attempts, which the
 * kernel retries only a second later. The kernel caps it (net.core.somaxconn).
 */
const LISTEN_BACKLOG = 4096;

/** The WebSocket transport with one hook: work to finish after the matchmaker is ready and before the port opens. */
class ParlorTransport extends WebSocketTransport {
  beforeBind: () => Promise<void> = async () => undefined;

  override listen(port: number, hostname?: string, backlog?: number, listeningListener?: () => void): this {
    // The handshake's answer and the room's JOIN_ROOM leave in one write when the room answers in the
    // same turn (without Redis; with it, JOIN_ROOM waits for the client's token to be stored).
    this.server?.prependListener('upgrade', (_req, socket: Socket) => {
      socket.cork();
      setImmediate(() => socket.uncork());
    });
    this.beforeBind().then(
      () => super.listen(port, hostname, backlog ?? LISTEN_BACKLOG, listeningListener),
      (err) => (listeningListener as ((err?: unknown) => void) | undefined)?.(err),
    );
    return this;
  }

  /**
   * Colyseus pings every socket in one loop each interval: with thousands of clients that loop
   * stalls the event loop for milliseconds every 3 s, and every move that arrives meanwhile
   * waits (docs/performance.md). The same check runs here in PING_SLICES slices spread over it,
   * and asks only the clients that have been silent: anything a client sent since its last visit
   * (a message, a pong) shows its connection alive as a pong would, so a playing client costs no
   * ping and no pong (under load they were two frames for every three moves). A silent client is
   * pinged, and dropped after `maxRetries` unanswered pings.
   */
  protected override autoTerminateUnresponsiveClients(interval: number, maxRetries: number): void {
    let slice = 0;
    this.pingInterval = setInterval(() => {
      let i = 0;
      for (const client of this.wss.clients as Set<HeartbeatSocket>) {
        if (i++ % PING_SLICES !== slice) continue;
        // ws keeps the net.Socket it reads from; its byte count grows with every frame received.
        const read = client._socket?.bytesRead ?? 0;
        if (read !== client.readAtVisit) {
          client.readAtVisit = read;
          client.pingCount = 0;
          continue;
        }
        if (client.pingCount >= maxRetries) {
          client.terminate();
          continue;
        }
        client.pingCount++;
        client.ping();
      }
      slice = (slice + 1) % PING_SLICES;
    }, interval / PING_SLICES);
  }
}

/** A transport socket as the heartbeat reads it: Colyseus's ping count, ws's socket, and the bytes read at the last visit. */
type HeartbeatSocket = WebSocket & { pingCount: number; readAtVisit?: number; _socket?: Socket };

/** The heartbeat's slices: each client is visited once per interval, 1/PING_SLICES of them at a time. */
const PING_SLICES = 10;

export interface StartOptions {
  handleSignals?: boolean;
  /** The games to host: every registered one unless given (the table's tests host a game of their own). */
  games?: readonly AnyServerGame[];
  /** An open database of record to use (tests share one per process); the caller closes it. Else the config's is opened. */
  database?: Database;
}

export async function startParlor(config: ParlorConfig, options: StartOptions = {}): Promise<RunningParlor> {
  // Before anything opens: a token secret anyone can guess lets anyone forge any player's token.
  assertStrongAuthSecret(config.authSecret);
  // The copy of the schema library Colyseus's serializer uses: a dynamic import gets the same one
  // (under Node its ES module, which `require` would not give).
  (await import('@colyseus/schema')).Encoder.BUFFER_SIZE = ENCODE_BUFFER_BYTES;
  const startedAt = Date.now();
  const redis = config.redisUrl ? await redisServices(config.redisUrl) : { driver: new IndexedLocalDriver() };
  const ownDatabase = options.database ? null : openDatabaseOfRecord({ url: config.databaseUrl, dataDir: config.dataDir });
  // This server's metrics: its rooms, its HTTP side and its computer count in them (served at /metrics).
  const metrics = new ParlorMetrics();
  // One Redis connection for the HTTP rate limits (a cluster shares their counters) and the services' shared windows.
  const httpRedis = config.redisUrl ? rateLimitRedis(config.redisUrl) : undefined;
  const services = openServices(options.database ?? ownDatabase!, { rankedRules: config.rankedRules, computerLimits: computerLimitsOf(config), timings: config.timings, metrics, redis: httpRedis }, !options.database);
  const http = httpSide(config, metrics, httpRedis);
  const accounts = new AccountStore(services.db, services.tokens);
  let listenPort = config.port;
  const rates = rateLimitsOf(config);
  const signInLimits = new SignInLimits(rates, (req) => http.limits.clientAddress(req), httpRedis);
  const mailer = resetMailer(config.smtpUrl, config.mailFrom);
  // Before Colyseus is set up and any port opens: a METRICS_PORT already taken stops the start (serve.ts exits).
  const metricsListener = await http.startMetrics();
  // Who is online in this server's rooms (with Redis, in every process's).
  const online = new OnlineRegistry();
  const transport = new ParlorTransport({ maxPayload: MAX_PAYLOAD_BYTES });
  const server = new Server({
    transport,
    ...redis,
    publicAddress: config.publicAddress,
    greet: false,
    logger: colyseusLogger,
    // Colyseus's own option would also shut the whole process down on any uncaught exception;
    // the signals are handled below, and an uncaught exception is logged (server/main.ts).
    gracefullyShutdown: false,
    express: (app) => {
      http.before(app);
      mountAuthRoutes(app, { accounts, limits: signInLimits, mailer, publicUrl: () => config.publicUrl ?? `http://localhost:${listenPort}` });
      mountRankedRoutes(app, services.ranked, accounts);
      mountMyTablesRoute(app, accounts, online);
      // Each game's own routes (Ten Exorcism's verify and high scores), with the limits of the HTTP side.
      for (const game of options.games ?? GAMES) game.routes?.(app, { services, limit: (route) => http.limits.middleware(route) });
      mountHistoryRoutes(app, services.history);
      mountTournamentRoutes(app, services.tournaments, accounts, (route) => http.limits.middleware(route));
      mountHttpRoutes(app, { clientDir: config.clientDir, startedAt, healthCacheMs: config.healthCacheMs ?? DEFAULT_HEALTH_CACHE_MS, online });
      http.after(app);
    },
  });

  const store = config.redisUrl ? new RedisRoomStore(config.redisUrl) : null;
  // What every room is handed; the room budget's counters share the HTTP limits' Redis connection.
  const rooms: RoomServices = { store, online, flood: floodLimitsOf(config), budget: new RoomBudget(roomLimitsOf(config), httpRedis), trustProxy: config.trustProxy ?? 0, handshakes: new SharedHandshakes(), metrics };
  server.define('lobby', parlorLobby(rooms));
  for (const game of options.games ?? GAMES) {
    const filters = game.whenFull === 'watch' ? ['open', ...(game.filterBy ?? [])] : [...(game.filterBy ?? [])];
    server.define(game.definition.name, tableRoom(game, services, rooms)).filterBy(filters).enableRealtimeListing();
  }
  server.define('ranked_queue', rankedQueueRoom(services, accounts, rooms));
  server.define('tournament', tournamentRoom(services, accounts, rooms)).filterBy(['tournamentId']);

  // Colyseus keeps one shutdown callback: what must run once the rooms are gone, in order.
  const atShutdown: (() => Promise<void>)[] = [];
  server.onShutdown(async () => {
    // Each runs whatever the one before it met (a Redis already gone must not keep the database open).
    for (const task of atShutdown) await task().catch((err: unknown) => log.error({ err }, `a shutdown step failed: ${(err as Error).message}`));
  });
  if (config.redisUrl) online.connect(config.redisUrl);
  let stopRecovery = () => undefined as void;
  if (store) {
    // Rooms of a process that died come back before this one opens its port, so the first
    // reconnection attempt of each client finds its room; later deaths are picked up by a scan.
    // A process that listened where this one will (its port now free) is the one this replaces.
    const identity = listenIdentity(config.port, config.publicAddress);
    const replacing = identity !== null && (await portIsFree(config.port, config.host)) ? identity : null;
    const dead = await sweepDeadProcesses(store, replacing);
    transport.beforeBind = async () => {
      const restoreStart = Date.now();
      const restored = await restoreOrphanedRooms(store, dead);
      if (restored.length) log.info({ rooms: restored.length }, `restored ${restored.length} rooms in ${Date.now() - restoreStart} ms`);
    };
    const stopHeartbeat = startHeartbeat(store, identity);
    atShutdown.push(async () => {
      stopHeartbeat();
      await store.endHeartbeat(matchMaker.processId);
    });
    const scan = setInterval(() => void restoreOrphanedRooms(store).catch(() => undefined), 5000);
    scan.unref();
    stopRecovery = () => {
      stopHeartbeat();
      clearInterval(scan);
    };
  }
  // Last: the database, once every room has settled and saved (PGlite writes its files at close).
  atShutdown.push(() => services.close());
  if (options.handleSignals) {
    // A deploy: save every room, tell clients to reconnect (4010), then exit.
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGUSR2'] as const) process.once(signal, () => void server.gracefullyShutdown(true));
  }
  await server.listen(config.port, config.host);
  // Colyseus bound its matchmaking router in the listen callback: the gate goes in front of it before
  // anything else is awaited, so no request is served without it.
  http.installGate(server.transport.server as import('node:http').Server, (method, path) => server.router.findRoute(method, path)?.data?.path);
  // Listening first: then the database opens (unless a restored room already asked for it) and the token secret loads from it.
  ownDatabase?.open();
  const secretLoading = services.tokens.load(services.ranked, config.authSecret).catch((err: unknown) => log.error({ err }, `the token secret could not be loaded: ${(err as Error).message}`));
  // A database handed in is open already (tests): the secret is a query away, so the server is ready to sign tokens when this returns.
  if (options.database) await secretLoading;
  const address = server.transport.server?.address() as AddressInfo;
  listenPort = address.port;
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  return {
    server,
    port: address.port,
    url: `ws://${host}:${address.port}`,
    metricsPort: metricsListener?.port ?? null,
    rooms,
    services,
    stop: async () => {
      await colyseusAuthSettled(); // colyseus-auth.ts says why
      stopRecovery();
      await metricsListener?.close();
      await server.gracefullyShutdown(false);
      await store?.close();
      await online.close();
      await services.close();
      mailer.close();
      httpRedis?.disconnect();
    },
  };
}

async function redisServices(url: string) {
  const { RedisPresence } = await import('@colyseus/redis-presence');
  const { RedisDriver } = await import('@colyseus/redis-driver');
  // Colyseus's own connections, made as ours are (connectRedis: reconnecting soon after an
  // outage, and one line for it); the presence's subscriber is a copy of its publisher.
  const presence = new RedisPresence(connectRedis(url, {}, 'Colyseus presence (pub)'));
  const driver = new RedisDriver(connectRedis(url, {}, 'Colyseus room driver'));
  reportOutages((presence as unknown as { sub: Parameters<typeof reportOutages>[0] }).sub, 'Colyseus presence (sub)');
  return { presence, driver };
}
