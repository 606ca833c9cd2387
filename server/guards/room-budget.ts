/**
 * How many rooms one client address may make and hold. Every room creation, whatever its path
 * (HTTP matchmaking, a rematch, a ranked pairing, the computer's rematch), is counted against
 * one sliding window per address (RATE_LIMIT_ROOMS), and an address holds at most
 * MAX_ROOMS_PER_ADDRESS table rooms at once (a room is held while a client of that address is
 * in it, dropped connections included). Refusals are 429 `too_many_rooms: …` at matchmaking and
 * `error {code: "too_many_rooms"}` for a rematch vote.
 *
 * With REDIS_URL the counts are shared by every process: the held rooms of an address are a
 * hash roomId → clients. An entry whose room no longer exists (a process died before its
 * clients left) is pruned when the address reaches the cap, by asking the matchmaker's driver.
 *
 * The address comes from the matchmaking gate (server/http/gate.ts), which computes it (honouring
 * TRUST_PROXY) and hands it to a room's static onAuth through the call's async context: never
 * through a request header, which a client could write itself.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ServerError, matchMaker } from '@colyseus/core';
import type Redis from 'ioredis';
import type { RoomLimits } from '../limits';
import { isLoopback, rateKey } from './client-address';
import { log } from '../log';
import { SlidingWindow } from './sliding-window';

/** The server-only join option a table room carries the address in, from its static onAuth to onCreate/onJoin. */
export const ADDRESS_OPTION = 'address';
export const TOO_MANY_ROOMS = 'too_many_rooms';
/** HTTP's "too many requests": the gate passes it through as the matchmaking answer's status. */
const TOO_MANY_STATUS = 429;


/** Held entries expire this long after the last join of their address (a safety net behind the pruning). */
const HELD_TTL_SECONDS = 24 * 60 * 60;

export class RoomBudget {
  private readonly creations: SlidingWindow;
  private readonly held = new Map<string, Map<string, number>>();

  constructor(readonly limits: RoomLimits, private readonly redis?: Redis) {
    this.creations = new SlidingWindow(limits.create, `${limits.keyPrefix}:created`, redis);
  }

  /** The address's counter key, or null when it is not counted (none known, or an exempt loopback). */
  private keyOf(address: string | undefined): string | null {
    if (!address) return null;
    if (this.limits.exemptLoopback && isLoopback(address)) return null;
    return rateKey(address);
  }

  /** Counts one room creation for the address; a refusal when its window is full. */
  async create(address: string | undefined): Promise<ServerError | null> {
    const key = this.keyOf(address);
    if (key === null) return null;
    const verdict = await this.creations.take(key);
    if (verdict.ok) return null;
    const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
    return refusal(`at most ${this.limits.create.points} rooms every ${this.limits.create.seconds} s from one address: try again in ${seconds} s`);
  }

  /** A refusal when the address already holds the most rooms it may (`except`: the room it is joining). */
  async checkHeld(address: string | undefined, except?: string): Promise<ServerError | null> {
    const key = this.keyOf(address);
    const max = this.limits.maxPerAddress;
    if (key === null || max <= 0) return null;
    let rooms = (await this.heldRooms(key)).filter((id) => id !== except);
    if (rooms.length < max) return null;
    rooms = await this.prune(key, rooms);
    if (rooms.length < max) return null;
    return refusal(`one address holds at most ${max} rooms: leave one first`);
  }

  /** A client of the address is in the room now. */
  async hold(address: string | undefined, roomId: string): Promise<void> {
    const key = this.keyOf(address);
    if (key === null || this.limits.maxPerAddress <= 0) return;
    if (this.redis) {
      await this.redis.multi().hincrby(this.heldKey(key), roomId, 1).expire(this.heldKey(key), HELD_TTL_SECONDS).exec().catch(warn);
      return;
    }
    const rooms = this.held.get(key) ?? new Map<string, number>();
    rooms.set(roomId, (rooms.get(roomId) ?? 0) + 1);
    this.held.set(key, rooms);
  }

  /** A client of the address left the room for good. */
  async release(address: string | undefined, roomId: string): Promise<void> {
    const key = this.keyOf(address);
    if (key === null || this.limits.maxPerAddress <= 0) return;
    if (this.redis) {
      const left = await this.redis.hincrby(this.heldKey(key), roomId, -1).catch(warn);
      if (typeof left === 'number' && left <= 0) await this.redis.hdel(this.heldKey(key), roomId).catch(warn);
      return;
    }
    const rooms = this.held.get(key);
    const n = (rooms?.get(roomId) ?? 0) - 1;
    if (n > 0) rooms!.set(roomId, n);
    else rooms?.delete(roomId);
    if (rooms && !rooms.size) this.held.delete(key);
  }

  private heldKey(key: string): string {
    return `${this.limits.keyPrefix}:held:${key}`;
  }

  private async heldRooms(key: string): Promise<string[]> {
    if (this.redis) return (await this.redis.hkeys(this.heldKey(key)).catch(warn)) ?? [];
    return [...(this.held.get(key)?.keys() ?? [])];
  }

  /** The rooms that still exist; the others are forgotten. */
  private async prune(key: string, rooms: string[]): Promise<string[]> {
    const found = await matchMaker.findRoomsByIds(rooms).catch(() => null);
    if (!found) return rooms;
    const gone = rooms.filter((id) => !found.has(id));
    for (const id of gone) {
      if (this.redis) await this.redis.hdel(this.heldKey(key), id).catch(warn);
      else this.held.get(key)?.delete(id);
    }
    return rooms.filter((id) => found.has(id));
  }
}

function refusal(message: string): ServerError {
  return new ServerError(TOO_MANY_STATUS, `${TOO_MANY_ROOMS}: ${message}`);
}

function warn(err: unknown): undefined {
  log.warn({ err: { message: (err as Error)?.message } }, 'room budget: Redis unavailable');
  return undefined;
}

/**
 * The matchmaking call being served, as the gate saw it. `open` turns false once its answer is
 * sent: a room made during the call runs its timers in the call's async context, and they must
 * not find the address of a call long over.
 */
interface MatchmakeCall {
  address: string;
  open: boolean;
}
const matchmakeCalls = new AsyncLocalStorage<MatchmakeCall>();

/** Runs `serve` (Colyseus's handling of one matchmaking call) with the address the gate computed for it. */
export function withMatchmakeAddress(address: string, serve: () => void): MatchmakeCall {
  const call = { address, open: true };
  matchmakeCalls.run(call, serve);
  return call;
}

/** The address of the matchmaking call a room's static onAuth is running for (see the file comment); undefined outside one. */
export function matchmakeAddress(): string | undefined {
  const call = matchmakeCalls.getStore();
  return call?.open ? call.address : undefined;
}
