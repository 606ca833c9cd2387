/**
 * What the hostile-client tests share: the error codes a client may ever receive (built from
 * docs/protocol.md's tables, so that document stays the contract), raw-frame recording for every SDK
 * room, and small helpers to send a message that must be refused and check nothing changed.
 */
import { matchMaker } from '@colyseus/core';
import { Room as SdkRoom, type Room } from '@colyseus/sdk';
import type { RunningParlor } from '../../server/app';
import type { AnyServerGame } from '../../server/table/server-game';
import type { AnyGame } from '../../shared/core/game';
import { COMMON_ERROR_CODES, TABLE_ERROR_CODES } from '../../shared/core/errors';
import { emptyRedis, testRedisUrl } from '../support/processes';
import { serverState, sleep, startTestServer } from '../support/server';
import { contractMentions } from '../support/contract';

export type RoomType = 'gomoku' | 'flip7' | 'tictactoe' | 'ten_exorcism' | 'monty_hall' | 'lobby' | 'ranked_queue';

/**
 * Every code a room may answer with, per room type, as docs/protocol.md lists them (its error-code
 * tables and lists; the single-player section adds `invalid_payload`/`unknown_message` to
 * each single-player room). `internal` is deliberately absent: it means a handler threw.
 */
export const ROOM_ERROR_CODES: Record<RoomType, readonly string[]> = {
  gomoku: ['invalid_payload', 'unknown_message', 'spectator', 'not_started', 'not_your_turn', 'wrong_phase', 'out_of_range', 'occupied', 'invalid_choice', 'game_over', 'already_asked', 'ranked', 'too_many_rooms'],
  flip7: ['not_host', 'not_enough_players', 'not_started', 'spectator', 'not_your_turn', 'choice_pending', 'invalid_target', 'no_cards', 'wrong_phase', 'game_over', 'invalid_payload', 'unknown_message', 'too_many_rooms'],
  monty_hall: ['invalid_payload', 'unknown_message', 'spectator', 'invalid_door', 'invalid_strategy', 'invalid_phase', 'game_complete'],
  tictactoe: ['invalid_payload', 'unknown_message', 'spectator', 'invalid_key', 'occupied', 'not_your_turn', 'game_over', 'game_in_progress'],
  ten_exorcism: ['invalid_payload', 'unknown_message', 'spectator', 'game_over', 'too_many_attempts'],
  lobby: ['invalid_payload', 'unknown_message'],
  ranked_queue: ['invalid_payload', 'unknown_message', 'too_many_rooms'],
};

/** Codes any connection may get whatever its room: the flood limit. */
export const CONNECTION_CODES: readonly string[] = ['rate_limited'];

/**
 * The codes a room may answer: README's list for the rooms it describes; for a game it does not
 * (a new game, or one only the tests know), every code its registry entry can give — its rules'
 * codes, the common ones and the table's — so a new game is fuzzed with no list to write here.
 */
export function allowedCodes(room: string, game?: AnyGame): Set<string> {
  const own: readonly string[] = room in ROOM_ERROR_CODES ? ROOM_ERROR_CODES[room as RoomType] : game ? codesOfGame(game) : [];
  return new Set([...own, ...CONNECTION_CODES]);
}

/** Every code a table of `game` can send (`internal` excepted: it means a handler threw). */
export function codesOfGame(game: AnyGame): string[] {
  return [...game.errors, ...COMMON_ERROR_CODES, ...TABLE_ERROR_CODES].filter((code) => code !== 'internal');
}

/** The message types a live room in this process handles (its own handlers, not the wildcard). */
export function handledTypes(roomId: string): string[] {
  const room = localRoom(roomId);
  // A table dispatches its own types behind Colyseus's catch-all (ParlorRoom.handle).
  if (room?.messageTypes) return room.messageTypes;
  // Other rooms register with Colyseus, which keeps them in a nanoevents emitter: its `events` holds each type's listeners.
  const listeners: Record<string, unknown[]> = room?.onMessageEvents?.events ?? {};
  return Object.entries(listeners).filter(([name, fns]) => fns.length > 0 && name !== '*' && !name.startsWith('__')).map(([name]) => name);
}

/** The codes of this list that docs/protocol.md and docs/security.md do not mention as `code`. */
export function codesMissingFromContract(codes: Iterable<string>): string[] {
  return [...new Set(codes)].filter((code) => !contractMentions(code));
}

export interface ErrorMessage {
  code: string;
  message: string;
}

/** Every `error` a room receives, kept from now on (a handler of its own: see nextError). */
export function collectErrors(room: Room): ErrorMessage[] {
  const errors: ErrorMessage[] = [];
  room.onMessage('error', (e: ErrorMessage) => errors.push(e));
  return errors;
}

/** The next `error` message, or a clear failure. */
export function nextError(room: Room, timeoutMs = 5000, label = ''): Promise<ErrorMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no 'error' answer within ${timeoutMs} ms ${label}`));
    }, timeoutMs);
    const off = room.onMessage('error', (e: ErrorMessage) => {
      clearTimeout(timer);
      off();
      resolve(e);
    });
  });
}

/**
 * Sends a message that must be refused: the answer is an `error` whose code is one of
 * `codes`, with a string message, and the server's state of the room is the same afterwards.
 */
export async function expectRefused(room: Room, type: string | number, payload: unknown, codes: readonly string[] | Set<string>): Promise<ErrorMessage> {
  const before = JSON.stringify(serverState(room.roomId));
  const label = `to ${String(type)} ${describeValue(payload)}`;
  const answer = nextError(room, 3000, label);
  room.send(type as string, payload);
  const error = await answer;
  const allowed = [...codes];
  if (!allowed.includes(error.code)) throw new Error(`${label}: got error code '${error.code}' (${error.message}), expected one of ${allowed.join(', ')}`);
  expect(typeof error.message).toBe('string');
  expect(JSON.stringify(serverState(room.roomId))).toBe(before);
  return error;
}

/** A short printable description of any payload (NaN, BigInt and binaries included). */
export function describeValue(value: unknown): string {
  try {
    const text = JSON.stringify(value, (_k, v) => {
      if (typeof v === 'bigint') return `${v}n`;
      if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
      if (v instanceof Uint8Array) return `<${v.length} bytes>`;
      return v;
    });
    return text === undefined ? String(value) : text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** Resolves with `promise`, or rejects with `message` after `ms` (a bound against hanging, not a timing assertion). */
export function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.then((v) => { clearTimeout(timer); resolve(v); }, (e) => { clearTimeout(timer); reject(e); });
  });
}

/** Polls until `check()` holds (or gives up after `ms`, returning false). */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 5000, every = 20): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(every);
  }
}

/** The rooms the matchmaker knows of now (every room type, this process). */
export async function roomCount(): Promise<number> {
  return (await matchMaker.query({})).length;
}

/** Properties a polluted Object.prototype would show. */
export const POLLUTION_KEYS = ['ranked', 'restore', 'seatKeys', 'seatKey', 'polluted', 'open', 'spectate'];

export function prototypePollution(): string[] {
  const probe = {} as Record<string, unknown>;
  return POLLUTION_KEYS.filter((k) => probe[k] !== undefined);
}

// ---------------------------------------------------------------------------------------
// Raw frames: every frame any SDK room of this test file receives, from its first one on.

export interface Frame {
  /** The protocol code (10 JOIN_ROOM, 13 ROOM_DATA, 14 ROOM_STATE, 15 ROOM_STATE_PATCH…). */
  code: number;
  bytes: Uint8Array;
  /** The bytes as latin1 text, to search for ASCII secrets (salts, field names). */
  text: string;
}

export const JOIN_ROOM = 10;
export const ROOM_DATA = 13;

const framesOf = new WeakMap<object, Frame[]>();
type FrameListener = (room: Room, frame: Frame) => void;
const listeners = new Set<FrameListener>();
let hooked = false;

/**
 * Hooks the SDK's frame handler once, so each room records its frames (and listeners see each
 * frame just before the SDK decodes it, and `afterDecode` just after).
 */
export function recordAllFrames(): void {
  if (hooked) return;
  hooked = true;
  const proto = SdkRoom.prototype as unknown as { onMessageCallback(event: { data: ArrayBuffer }): void };
  const original = proto.onMessageCallback;
  proto.onMessageCallback = function (this: Room, event: { data: ArrayBuffer }) {
    const bytes = new Uint8Array(event.data).slice();
    const frame: Frame = { code: bytes[0] & 0x1f, bytes, text: Buffer.from(bytes).toString('latin1') };
    let list = framesOf.get(this);
    if (!list) framesOf.set(this, (list = []));
    list.push(frame);
    for (const listener of listeners) listener(this, frame);
    const result = original.call(this, event);
    for (const listener of afterDecode) listener(this, frame);
    return result;
  };
}

const afterDecode = new Set<FrameListener>();

export function framesReceivedBy(room: Room): Frame[] {
  return framesOf.get(room) ?? [];
}

/** Calls `listener(room, frame)` for every frame any room receives, before it is decoded. */
export function onEveryFrame(listener: FrameListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener(room, frame)` for every frame any room receives, right after the SDK decoded it. */
export function afterEveryFrame(listener: FrameListener): () => void {
  afterDecode.add(listener);
  return () => afterDecode.delete(listener);
}

/** A private field of a room instance living in this process (white-box reads for the secrets). */
export function localRoom(roomId: string): any {
  return matchMaker.getLocalRoomById(roomId) as any;
}

/** Leaves every room, ignoring failures (a room the server already closed). */
export async function leaveAll(rooms: (Room | undefined)[]): Promise<void> {
  await Promise.all(rooms.map((r) => (r ? within(r.leave().catch(() => undefined), 3000, 'leave').catch(() => undefined) : undefined)));
}

/** Resolves when the SDK room closes for good or drops (the server closed the connection). */
export function closed(room: Room): Promise<number> {
  return new Promise((resolve) => {
    room.onLeave((code) => resolve(code));
    room.onDrop((code) => resolve(code));
  });
}

export const httpBase = (wsUrl: string) => wsUrl.replace(/^ws/, 'http');

/**
 * The real server in-process for one test file (with a Redis database of its own when asked),
 * stopped within a bound: a server a finding left in a bad state must not hang the run.
 */
/** `games`: the games the server hosts (every registered one by default). */
export function serverSuite(options: { redis?: boolean; games?: readonly AnyServerGame[] } = {}): { readonly server: RunningParlor; readonly redisUrl: string | undefined } {
  const suite = { redisUrl: options.redis ? testRedisUrl() : undefined, server: undefined as unknown as RunningParlor };
  trackRooms();
  beforeAll(async () => {
    if (suite.redisUrl) await emptyRedis(suite.redisUrl);
    suite.server = await startTestServer({ redisUrl: suite.redisUrl, games: options.games });
  });
  afterAll(async () => {
    // Clients a failed test did not leave would reconnect again and again after the shutdown: leave them all.
    for (const room of clientRooms) room.reconnection.enabled = false;
    await leaveAll([...clientRooms].filter((room) => room.connection?.isOpen));
    clientRooms.clear();
    await within(suite.server?.stop() ?? Promise.resolve(), 15000, 'the server did not stop within 15 s').catch((err) => console.error(String(err)));
    if (suite.redisUrl) await emptyRedis(suite.redisUrl);
  }, 30000);
  return suite;
}

const clientRooms = new Set<Room>();
let tracking = false;

/** Keeps every SDK room this file connects, so the suite leaves them all at the end (tests that fail midway leave none). */
function trackRooms(): void {
  if (tracking) return;
  tracking = true;
  const proto = SdkRoom.prototype as unknown as { connect(...args: unknown[]): unknown };
  const original = proto.connect;
  proto.connect = function (this: Room, ...args: unknown[]) {
    clientRooms.add(this);
    // Messages some tests do not wait for: handled quietly (a test that wants one adds its own handler too).
    for (const type of ['seat_token', 'queue', 'matched']) this.onMessage(type, () => undefined);
    return original.apply(this, args);
  };
}

// ---------------------------------------------------------------------------------------
// Server-side barriers (white-box, in-process): know when the server has handled a client's
// messages without sending more of them (which the flood limit would count).

const handledBy = new WeakMap<object, Map<string, number>>();

/**
 * Counts, per session, the data frames (ROOM_DATA) the room instance has handled. Must run
 * before the clients join: Colyseus binds the frame handler to each client as it joins.
 */
export function countHandledFrames(roomId: string): (sessionId: string) => number {
  const room = localRoom(roomId);
  if (!room) throw new Error(`room ${roomId} is not in this process`);
  let counts = handledBy.get(room);
  if (!counts) {
    const map = new Map<string, number>();
    counts = map;
    handledBy.set(room, map);
    const inner = room._onMessage as (client: { sessionId: string }, buffer: Uint8Array) => unknown;
    room._onMessage = function (this: unknown, client: { sessionId: string }, buffer: Uint8Array) {
      try {
        return inner.call(this, client, buffer);
      } finally {
        if (buffer && (buffer[0] & 0x1f) === ROOM_DATA) map.set(client.sessionId, (map.get(client.sessionId) ?? 0) + 1);
      }
    };
  }
  const map = counts;
  return (sessionId) => map.get(sessionId) ?? 0;
}

/** Resolves once the room's queued asynchronous work (its persistence chain, when it has one) is done. */
export async function settled(roomId: string): Promise<void> {
  const room = localRoom(roomId);
  const persistence = room && 'persistence' in room ? room.persistence : undefined;
  if (persistence && typeof persistence.serial === 'function') await persistence.serial(() => undefined);
  await sleep(0);
}

let markers = 0;
/**
 * The server sends this client a marker message and resolves when it arrives: every message the
 * server sent the client before has arrived too (one socket, in order).
 */
export async function serverMarker(room: Room, timeoutMs = 5000): Promise<void> {
  const id = ++markers;
  const arrived = new Promise<void>((resolve) => {
    const off = room.onMessage('__security_marker', (n: number) => {
      if (n !== id) return;
      off();
      resolve();
    });
  });
  const server = localRoom(room.roomId);
  const client = server?.clients?.getById?.(room.sessionId);
  if (!client) throw new Error(`the server has no client ${room.sessionId} in room ${room.roomId}`);
  client.send('__security_marker', id);
  await within(arrived, timeoutMs, `the server's marker did not reach ${room.sessionId}`);
}
