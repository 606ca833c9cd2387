/** Starts the real Parlor server in-process on a free port, for integration tests. */
import path from 'node:path';
import { matchMaker } from '@colyseus/core';
import { Client, type Room } from '@colyseus/sdk';
import { startParlor, type RunningParlor } from '../../server/app';
import type { ComputerLimits, FloodLimits, RankedRules, RateLimitSettings } from '../../server/limits';
import type { AnyServerGame } from '../../server/table/server-game';
import { timingsFromEnv, type Timings } from '../../server/timings';
import { emptyRedis, testRedisUrl } from './processes';
import type { Database } from '../../server/db/database';
import { testFileDatabase } from './database';

export interface TestServerOptions {
  redisUrl?: string;
  /** Flood control; the server's defaults when left out (test/security checks those). */
  floodLimits?: Partial<FloodLimits>;
  /** The games to host (every registered one by default). */
  games?: readonly AnyServerGame[];
  /** The Gomoku computer's per-address and per-player caps; the server's defaults when left out. */
  computerLimits?: Partial<ComputerLimits>;
  /** Proxies trusted to append to X-Forwarded-For: a test sets the header to play from several addresses. */
  trustProxy?: number;
  /** HTTP and room limits; loopback is exempt unless a test says otherwise (test/security checks the limits). */
  rateLimits?: Partial<RateLimitSettings>;
  maxRoomsPerAddress?: number;
  /** Ranked play's anti-farming rules: all off unless a test sets them (test/security/rating-farming.test.ts). */
  rankedRules?: Partial<RankedRules>;
  /** Password-reset mail (SMTP_URL) and the address its links start with (PUBLIC_URL). */
  smtpUrl?: string;
  publicUrl?: string;
  /** The database of record: this test file's PGlite unless given (support/database.ts). */
  database?: Database;
  /** The built client it serves: where buildClient put it unless given (a test's own build of it). */
  clientDir?: string;
  /** Room timings over those of the environment (BOT_DELAY_MS and the others, read once as the server starts). */
  timings?: Partial<Timings>;
}

/** Ranked rules lifted: any account plays rated at once, against anyone, as often as it likes. */
export const RANKED_RULES_OFF: RankedRules = { minAccountAgeHours: 0, gamesPerPairPerDay: 0, establishedGames: 0, minLoserMoves: 0 };

/**
 * For tests that fire hundreds of messages a second at one room to check the rules' answers:
 * far above what flood control admits from a client, and beside the point of those tests.
 */
export const UNTHROTTLED: Partial<FloodLimits> = { burst: 100_000, perSecond: 100_000 };

export async function startTestServer(overrides: TestServerOptions = {}): Promise<RunningParlor> {
  return startParlor({
    port: 0,
    host: '127.0.0.1',
    redisUrl: overrides.redisUrl,
    floodLimits: overrides.floodLimits,
    computerLimits: overrides.computerLimits,
    trustProxy: overrides.trustProxy,
    // The suite makes hundreds of matchmaking calls from 127.0.0.1; the HTTP limits have tests of their own.
    rateLimits: { exemptLoopback: true, ...overrides.rateLimits },
    maxRoomsPerAddress: overrides.maxRoomsPerAddress,
    rankedRules: { ...RANKED_RULES_OFF, ...overrides.rankedRules },
    // Read once, as configFromEnv does: a test that changes a timing while its server runs sets `server.services.timings`.
    timings: { ...timingsFromEnv(process.env), ...overrides.timings },
    publicAddress: undefined,
    smtpUrl: overrides.smtpUrl,
    publicUrl: overrides.publicUrl,
    // CLIENT_DIR: where buildClient put the client (vite.config.mjs reads it too).
    clientDir: overrides.clientDir ?? path.resolve(process.env.CLIENT_DIR || path.resolve(__dirname, '../../dist/client')),
  }, { games: overrides.games, database: overrides.database ?? (await testFileDatabase()) });
}

export function sdkClient(server: RunningParlor): Client {
  return new Client(server.url);
}

/**
 * Resolves once `predicate(room.state)` holds, checking now and after each state change. The
 * timeouts here are bounds against hanging, generous for a busy machine (npm run test:stress).
 */
export function waitForState<S>(room: Room<any, S>, predicate: (state: S) => boolean, timeoutMs = 10000): Promise<S> {
  return new Promise((resolve, reject) => {
    const holds = () => {
        try {
          return Boolean(room.state) && predicate(room.state);
        } catch {
          return false; // the first full state has not arrived yet (STACK.md fact 17)
        }
    };
    const check = () => {
      if (holds()) {
        clearTimeout(timer);
        room.onStateChange.remove(check);
        resolve(room.state);
      }
    };
    const timer = setTimeout(() => {
      room.onStateChange.remove(check);
      reject(new Error(`state condition not met within ${timeoutMs} ms: ${JSON.stringify((room.state as { toJSON?: () => unknown })?.toJSON?.())}`));
    }, timeoutMs);
    room.onStateChange(check);
    check();
  });
}

/** The next message of `type` the room receives. */
export function nextMessage<T = any>(room: Room, type: string, timeoutMs = 10000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no '${type}' message within ${timeoutMs} ms`));
    }, timeoutMs);
    const off = room.onMessage(type, (payload: T) => {
      clearTimeout(timer);
      off();
      resolve(payload);
    });
  });
}

/** Resolves once the server has closed this room's connection (a rematch's old room lets its players go once they sit at the new one). */
export function closedByServer(room: Room, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!room.connection?.isOpen) return resolve();
    const timer = setTimeout(() => reject(new Error(`room ${room.roomId} was not closed by the server within ${timeoutMs} ms`)), timeoutMs);
    room.onLeave(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reconnects with the token a client already held, retrying while a new process restores its room. */
export async function comeBack(client: Client, token: string): Promise<Room> {
  for (let i = 0; ; i++) {
    try {
      return await client.reconnect(token);
    } catch (err) {
      if (i > 50) throw err;
      await sleep(200);
    }
  }
}

/**
 * Waits until the server has handled every message these rooms sent so far: each sends an
 * unknown `barrier` message and waits for its error reply (a client's messages are handled in order).
 */
export async function flushMessages(rooms: Room[]): Promise<void> {
  await Promise.all(rooms.map((room) => new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('barrier not answered')), 10000);
    const off = room.onMessage('error', (e: { message?: string }) => {
      if (!e?.message?.includes('barrier')) return;
      clearTimeout(timer);
      off();
      resolve();
    });
    room.send('barrier', {});
  })));
}

/**
 * Sends a message the room must refuse: the sender gets `error` with `code`, and the server's
 * state of the room is unchanged (the room is in this process).
 */
export async function expectRefusedUnchanged(room: Room, type: string, payload: unknown, code: string): Promise<void> {
  const before = JSON.stringify(serverState(room.roomId));
  const error = nextMessage<{ code: string }>(room, 'error');
  room.send(type, payload);
  expect((await error).code).toBe(code);
  expect(JSON.stringify(serverState(room.roomId))).toBe(before);
}

/** The authoritative state, read from the room instance in this process. */
export function serverState(roomId: string): any {
  return (matchMaker.getLocalRoomById(roomId)?.state as { toJSON(): any } | undefined)?.toJSON();
}

/** For a test file: the real server in-process on a Redis database of its own, emptied before and after its tests. */
export function redisServerSuite(options: Omit<TestServerOptions, 'redisUrl'> = {}): { readonly server: RunningParlor; readonly redisUrl: string } {
  const suite = { redisUrl: testRedisUrl(), server: undefined as unknown as RunningParlor };
  beforeAll(async () => {
    await emptyRedis(suite.redisUrl);
    suite.server = await startTestServer({ ...options, redisUrl: suite.redisUrl });
  });
  afterAll(async () => {
    await suite.server?.stop();
    await emptyRedis(suite.redisUrl);
  });
  return suite;
}

/**
 * For a test file that plays tables through: one in-process server whose bots answer in 5 ms and
 * whose next round starts `nextRoundMs` after a round ends; the timings are undone after the file.
 */
export function quickTableSuite(nextRoundMs = 30): { readonly server: RunningParlor } {
  const suite = {} as { server: RunningParlor };
  beforeAll(async () => {
    process.env.BOT_DELAY_MS = '5';
    process.env.NEXT_ROUND_MS = String(nextRoundMs);
    suite.server = await startTestServer();
  });
  afterAll(async () => {
    delete process.env.BOT_DELAY_MS;
    delete process.env.NEXT_ROUND_MS;
    await suite.server.stop();
  });
  return suite;
}
