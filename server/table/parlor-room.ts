/**
 * What every Parlor game room does the same way: seats held through drops, reconnection
 * tokens kept for a restart, save-before-broadcast persistence, a clean hand-over on a
 * deploy, presence, and the lobby listing kept in step with the state.
 */
import { CloseCode, Room, ServerError, type Client } from '@colyseus/core';
import type * as v from 'valibot';
import { decodePayload } from '../../shared/core/payload';
import { roomLog } from '../log';
import { RoomPersistence } from '../persistence/room-persistence';
import type { CommonErrorCode } from '../../shared/core/errors';
import { rejectUnknownMessage, sendError } from '../guards/errors';
import { guardFrames, type FloodControl } from '../guards/flood-control';
import type { RoomServices, Services } from '../services';
import { invalidOption } from '../guards/join-options';
import { holdSeat } from './room-timers';
import { UNDO_FIELDS } from './snapshot';

/** Spectators a room takes besides its seats: a cap, like everything a client can grow. */
export const MAX_SPECTATORS = 100;

/** A message handler, shared by every room of a class: the room it runs in comes first. */
type Handler<R = any> = (room: R, client: Client, payload: unknown) => unknown;
/** The room's `handle`: a message type, its payload's schema, its handler. */
export type Handle<R> = <Q extends v.GenericSchema>(type: string, schema: Q, handler: (room: R, client: Client, payload: v.InferOutput<Q>) => unknown) => void;

/**
 * Each room class's message handlers, flat: type, the schema of its payload, handler, and so on.
 * A room handles a handful of types, so a scan is as quick as a Map. Made by the class's first
 * room and shared by all: every room of a class handles the same messages, and a table per room
 * (its array and a closure per type) cost each ~0.9 KB.
 */
const HANDLERS = new WeakMap<object, (string | v.GenericSchema | Handler)[]>();

/** Colyseus's context of a request or a `"*"`-typed message: decoded msgpack never holds a function. */
function isDispatchContext(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { reject?: unknown }).reject === 'function';
}

/** While a save waits for Redis, everyone in the room hears so (the page says "reconnecting to storage…"). */
function tellStorage(this: Room, waiting: boolean): void {
  this.broadcast(waiting ? 'storage_waiting' : 'storage_ok', {});
}

/** The per-player fields every game's schema has. */
export interface PlayerRow {
  name: string;
  connected: boolean;
  returnBy: number;
}

/** What every Parlor room keeps of its own (`ParlorRoom.kept`). */
class ParlorParts {
  readonly reconnectionTokens = new Map<string, string>();
  readonly spectatorIds = new Set<string>();
  persistence?: RoomPersistence;
  /** When the oldest message not yet broadcast arrived: its action-to-broadcast latency is measured at the patch. */
  pendingSince = 0;
  constructor(readonly flood: FloodControl) {}
}

/** `Code`: the game's own error codes, from its registry in shared/ (besides the common ones). */
export abstract class ParlorRoom<State extends { players: Map<string, PlayerRow> }, Listing, Code extends string> extends Room<{ state: State; metadata: Listing }> {
  protected abstract readonly gameName: string;
  /** The stores and the process's settings (its timings among them), given by the class Colyseus instantiates. */
  abstract readonly services: Services;
  /**
   * The room's own parts, in one object read through accessors on the class: each own field of a
   * room is an entry of its property dictionary (Colyseus's rooms are in dictionary mode), and past
   * ~42 entries the dictionary doubles, ~1.5 KB a room.
   */
  private readonly kept: ParlorParts;

  /** Reconnection tokens of everyone in the room, kept with the snapshot for a restart. */
  get reconnectionTokens(): Map<string, string> { return this.kept.reconnectionTokens; }
  /** Everyone watching; at most MAX_SPECTATORS. */
  get spectatorIds(): Set<string> { return this.kept.spectatorIds; }
  /** Flood control in front of every frame a client sends (see flood-control.ts). */
  protected get flood(): FloodControl { return this.kept.flood; }

  /**
   * What the process hands every room (services.ts), given by the class Colyseus instantiates
   * (on its prototype, as `services` is: the same for every room, so no room keeps its own field).
   */
  abstract readonly rooms: RoomServices;

  constructor() {
    super();
    guardLifecycle(Object.getPrototypeOf(this) as object);
    // Readable here: the class gives it on its prototype, before any constructor runs.
    this.kept = new ParlorParts(guardFrames(this, (this as { readonly rooms: RoomServices }).rooms));
  }

  get persistence(): RoomPersistence {
    // While a save waits for Redis, everyone in the room hears so (the page says "reconnecting to storage…").
    return (this.kept.persistence ??= new RoomPersistence(this.gameName, this, this.rooms.store, tellStorage, this.services.timings.saveWaitMs, this.rooms.metrics, UNDO_FIELDS));
  }

  /** Everything needed to rebuild this room in another process. */
  protected abstract snapshot(): unknown;
  protected abstract listing(): Listing;
  protected abstract isSeated(sessionId: string): boolean;
  /** Whether a client joining now with these options would watch rather than take a seat. */
  protected abstract joinsAsSpectator(options: unknown): boolean;
  /** The account a session joined as (for "your game" in the lobby), none for a signed-out player. */
  protected accountOf(_sessionId: string): string | undefined {
    return undefined;
  }

  /**
   * Runs at every join, after the static check of the options (Colyseus logs at start-up that
   * an instance onAuth beside a static one "will be ignored"; it is run whenever the static one
   * answers `true`, see Room._onJoin): the spectator cap depends on who is in the room now.
   */
  override async onAuth(_client: Client, options: unknown): Promise<unknown> {
    if (this.spectatorIds.size >= MAX_SPECTATORS && this.joinsAsSpectator(options)) {
      throw invalidOption(`this room has ${MAX_SPECTATORS} spectators, the most it takes`);
    }
    return true;
  }

  /**
   * Called with a client's options once onAuth has parsed them: a player (not a spectator)
   * is marked `open` so that `joinOrCreate`, which filters on it, only matches rooms with a
   * free seat — `joinById` does not filter and reaches any room.
   */
  static markOpen(options: unknown, spectate: boolean): void {
    if (!spectate && typeof options === 'object' && options !== null) (options as Record<string, unknown>).open = true;
  }

  /**
   * The room's client messages, registered by the class's first room (`register` runs once per
   * class): each payload is decoded with its schema first (a bad one is answered
   * `invalid_payload` and changes nothing), and nothing a handler throws escapes: it is logged
   * as the bug it is and the sender gets `internal`. Every type the room does not handle gets
   * `unknown_message`. Colyseus hears of one handler, the catch-all, which finds the class's
   * own: a handler registered with Colyseus per type cost each room ~0.5 KB a type (its
   * listener list and, with an error guard, a wrapper, a bound function and their contexts).
   */
  protected handleMessages(register: (handle: Handle<this>) => void): void {
    const klass = this.constructor;
    if (!HANDLERS.has(klass)) {
      const made: (string | v.GenericSchema | Handler)[] = [];
      register((type, schema, handler) => {
        const at = made.indexOf(type);
        if (at >= 0) made.splice(at, 3, type, schema, handler as Handler);
        else made.push(type, schema, handler as Handler);
      });
      HANDLERS.set(klass, made);
    }
    this.onMessage('*', (client: Client, type: unknown, payload: unknown) => this.dispatch(client, type, payload));
  }

  /** The message types the room handles (`handle`), for tests that send every one of them. */
  get messageTypes(): string[] {
    return (HANDLERS.get(this.constructor) ?? []).filter((_, i) => i % 3 === 0) as string[];
  }

  private dispatch(client: Client, type: unknown, payload: unknown): void {
    // A message of type "*" reaches the catch-all as (payload, Colyseus's dispatch context): never a handled type.
    const handlers = HANDLERS.get(this.constructor) ?? [];
    let at = -1;
    if (typeof type === 'string' && !isDispatchContext(payload)) {
      for (let i = 0; i < handlers.length; i += 3) if (handlers[i] === type) at = i;
    }
    if (at < 0) return rejectUnknownMessage(this.rooms.metrics, this.gameName, client, type);
    this.rooms.metrics.message(this.gameName, type as string);
    const decoded = decodePayload(handlers[at + 1] as v.GenericSchema, payload);
    if (!decoded.ok) return this.reject(client, decoded.code, decoded.message);
    this.kept.pendingSince ||= performance.now();
    const handler = handlers[at + 2] as Handler;
    this.guarded(client, type as string, () => handler(this, client, decoded.value));
  }

  /** A rejected message: the sender alone hears why, as `error {code, message}`. */
  reject(client: Client, code: Code | CommonErrorCode, message: string): void {
    this.rooms.metrics.rejection(this.gameName, code);
    sendError<Code | CommonErrorCode>(client, code, message);
  }

  private guarded(client: Client, type: string, run: () => unknown): void {
    const fail = (err: unknown) => {
      this.log.error({ err, sessionId: client.sessionId, type }, 'message handler threw');
      this.reject(client, 'internal', 'the server could not handle that message');
    };
    try {
      const result = run();
      if (result instanceof Promise) result.catch(fail);
    } catch (err) {
      fail(err);
    }
  }

  get log() {
    return roomLog(this.gameName, this.roomId);
  }

  override async onDrop(client: Client) {
    // A watcher holds no seat: one whose browser closed leaves at once (onLeave follows), rather than staying
    // listed as watching for the whole reconnection window. A watcher back online joins as a new one.
    if (this.spectatorIds.has(client.sessionId)) return;
    const row = this.state.players.get(client.sessionId);
    if (row) Object.assign(row, { connected: false, returnBy: Date.now() + this.services.timings.reconnectSeconds * 1000 });
    this.afterChange();
    try {
      await holdSeat(this, client, this.services.timings.reconnectSeconds);
    } catch {
      // Window expired, or the room is shutting down ('disposing', STACK.md fact 5): onLeave follows.
    }
  }

  override onReconnect(client: Client) {
    const row = this.state.players.get(client.sessionId);
    if (row) Object.assign(row, { connected: true, returnBy: 0 });
    return this.arrived(client, row?.name ?? 'Guest', 'returned');
  }

  /** A deploy: save everything, then tell clients to reconnect (to the process that takes over). */
  override async onBeforeShutdown() {
    if (this.persistence.enabled) await this.persistence.serial(async () => void (await this.persistence.save(this.snapshot())));
    await this.disconnect(CloseCode.MAY_TRY_RECONNECT).catch(() => undefined);
  }

  /**
   * Someone joined or came back: remember their token, show them online, save, broadcast.
   * A return changes nothing of the game but the session's token, so only that is written.
   * Resolves once the write is in Redis (or given up waiting for): Colyseus sends the client
   * its reconnection token after onJoin/onReconnect, so no client holds a token a restart
   * would not know.
   */
  protected arrived(client: Client, name: string, how: 'joined' | 'returned' = 'joined'): Promise<void> {
    this.reconnectionTokens.set(client.sessionId, client.reconnectionToken);
    const account = this.accountOf(client.sessionId);
    this.rooms.online.set({ sessionId: client.sessionId, name, roomId: this.roomId, game: this.gameName, role: this.isSeated(client.sessionId) ? 'playing' : 'watching', ...(account === undefined ? {} : { account }) });
    this.afterChange();
    if (how === 'returned') return this.persistence.serial(() => this.persistence.saveToken(client.sessionId, client.reconnectionToken));
    // In turn with the room's steps either way; without a store the snapshot is not even built.
    // A join is not undone when its save is given up on: the player is here either way.
    return this.persistence.serial(async () => void (this.persistence.enabled && (await this.persistence.save(this.snapshot()))));
  }

  /** Someone left for good. */
  protected departed(sessionId: string) {
    this.reconnectionTokens.delete(sessionId);
    this.flood.forget(sessionId);
    this.rooms.online.remove(sessionId);
  }

  /**
   * Ends the reconnection window held for `sessionId` (dropped, or a session from before a
   * restart): its seat went to a newer connection of the same account, and the old token must
   * not bring a second player back into it. The hold's end runs onLeave for the old session,
   * as an expired window does. False when no window was held.
   */
  endHold(sessionId: string): boolean {
    const reconnections = (this as unknown as { _reconnections: Record<string, [string, { reject(reason: unknown): void }] | undefined> })._reconnections;
    for (const held of Object.values(reconnections)) {
      if (held?.[0] !== sessionId) continue;
      held[1].reject(new ServerError(CloseCode.NORMAL_CLOSURE, 'the seat continued in another connection'));
      return true;
    }
    return false;
  }

  /** Holds every seat of a restored room for the sessions from before the restart. */
  holdRestoredSeats(tokens: Record<string, string>) {
    for (const [id, token] of Object.entries(tokens)) {
      this.reconnectionTokens.set(id, token);
      // A stand-in for the session from before the restart: Colyseus then accepts its reconnection token, as after a drop.
      const standIn = { sessionId: id, reconnectionToken: token, auth: undefined, userData: undefined } as unknown as Client;
      holdSeat(this, standIn, this.services.timings.reconnectSeconds).catch(() => this.onLeave?.({ sessionId: id } as Client));
    }
  }

  /**
   * Every change reaches clients and the lobby at once. Nothing synced holds a step before its
   * save: a step writes the schema only after it (pipeline.ts), and what happens meanwhile does
   * not mirror the step's rules (TableRoom.refresh).
   */
  afterChange() {
    this.broadcastPatch();
    if (this.kept.pendingSince) {
      this.rooms.metrics.actionToBroadcastSeconds(this.gameName, (performance.now() - this.kept.pendingSince) / 1000);
      this.kept.pendingSince = 0;
    }
    const next = this.listing();
    if (!sameListing(next, this.metadata)) {
      this.setMetadata(next).catch((err) => this.log.error({ err }, 'listing update failed'));
    }
  }

  /**
   * An exception a lifecycle method let out (`guardLifecycle`): logged as the bug it is. Last guard
   * (STACK.md fact 15): handlers validate first, so reaching here is a bug.
   */
  uncaught(error: unknown, methodName: string) {
    // A deliberate refusal in onAuth, onCreate or onReconnect (the room budget's `too_many_rooms`, a signed-out account's return) already went to the client as its join error.
    if ((methodName === 'onAuth' || methodName === 'onCreate' || methodName === 'onReconnect') && (error instanceof ServerError || (error as { cause?: unknown } | null)?.cause instanceof ServerError)) return;
    this.log.error({ err: error, method: methodName }, 'uncaught exception');
  }
}

/** The lifecycle methods Colyseus calls, and whether an exception goes on to Colyseus after it is logged (onDispose's does not). */
const LIFECYCLE = { onCreate: true, onAuth: true, onJoin: true, onLeave: true, onDrop: true, onReconnect: true, onDispose: false } as const;
const guardedClasses = new WeakSet<object>();
const guards = new WeakSet<object>();
/** Errors already logged: a subclass's method that calls its parent's guarded one is guarded too. */
const reported = new WeakSet<object>();

/**
 * Guards the lifecycle methods of a room class once, on its prototype: an exception one throws
 * (or rejects with) is logged by the room's `uncaught`, then goes on as before. Colyseus has
 * the same guard for a room that defines `onUncaughtException`, but makes it anew for every
 * room — a wrapper, a bound method and their contexts per method, plus wrappers of the
 * room's clock and of every message handler, ~2 KB a room; the message handlers guard
 * themselves (`ParlorRoom.handle`).
 */
export function guardLifecycle(proto: object): void {
  if (guardedClasses.has(proto)) return;
  guardedClasses.add(proto);
  for (const [name, rethrow] of Object.entries(LIFECYCLE)) {
    const method = (proto as Record<string, unknown>)[name];
    if (typeof method !== 'function' || guards.has(method)) continue;
    const guard = function (this: ParlorRoom<never, unknown, string>, ...args: unknown[]): unknown {
      const fail = (err: unknown) => {
        const seen = typeof err === 'object' && err !== null && reported.has(err);
        if (!seen) this.uncaught(err, name);
        if (typeof err === 'object' && err !== null) reported.add(err);
        if (rethrow) throw err;
      };
      try {
        const result: unknown = method.apply(this, args);
        return result instanceof Promise ? result.catch(fail) : result;
      } catch (err) {
        return fail(err);
      }
    };
    guards.add(guard);
    Object.defineProperty(proto, name, { value: guard, writable: true, configurable: true });
  }
}

/**
 * Listings are flat: strings, numbers, booleans and lists of names. Compared field by field,
 * not through JSON.stringify, which cost as much as the rest of a player's return.
 */
export function sameListing(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return a === b;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  // for...in rather than Object.keys: no arrays made for a comparison that runs after every action.
  let keys = 0;
  for (const k in left) {
    if (!Object.hasOwn(left, k)) continue;
    keys++;
    if (!Object.hasOwn(right, k)) return false;
    const x = left[k];
    const y = right[k];
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length || !x.every((v, i) => v === y[i])) return false;
    } else if (x !== y) return false;
  }
  for (const k in right) if (Object.hasOwn(right, k)) keys--;
  return keys === 0;
}
