import type { Client, Room } from '@colyseus/core';

/**
 * Named one-shot timers for a room. The room's own `clock` only advances with the patch
 * timer, which we keep slow (1 s), so turn clocks and bot moves use real timers instead;
 * a room clears them all when it is disposed.
 */
export class RoomTimers<Name extends string> {
  /**
   * One entry per name, kept once made (a fired or cleared timer stays until replaced): a room
   * re-arms its clock at every move, and a Map that deletes and re-adds an entry each time
   * reallocates its table, garbage that outlived the young generation under load.
   */
  private timers = new Map<Name, NodeJS.Timeout>();

  /** Replaces any timer of the same name. */
  set(name: Name, ms: number, fn: () => void): void {
    clearTimeout(this.timers.get(name));
    this.timers.set(name, setTimeout(fn, ms));
  }

  clear(name: Name): void {
    clearTimeout(this.timers.get(name));
  }

  clearAll(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}

type SeatTimers = { _reservedSeatTimeouts: Record<string, NodeJS.Timeout | undefined> };

/**
 * Colyseus leaves the timers of seats still reserved running after a room is disposed (they
 * only expire the seat), which keeps a stopping process and the room alive for their length.
 */
export function clearHeldSeatTimers(room: object): void {
  for (const timer of Object.values((room as SeatTimers)._reservedSeatTimeouts ?? {})) clearTimeout(timer);
}

/**
 * `allowReconnection`, with its expiry timer cleared however the hold ends. Colyseus clears it
 * only when the player comes back: when the room is disposed first, it forgets the timer, which
 * then ran the whole window, holding a stopping process and the room for a minute.
 */
export async function holdSeat(room: Room, client: Client, seconds: number): Promise<Client> {
  const held = room.allowReconnection(client, seconds);
  const timer = (room as unknown as SeatTimers)._reservedSeatTimeouts[client.sessionId];
  try {
    return (await held) as Client;
  } finally {
    clearTimeout(timer);
  }
}
