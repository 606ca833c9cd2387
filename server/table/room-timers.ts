import type { Client, Room } from '@colyseus/core';

/**
 * Named one-shot timers for a room. The room's own `clock` only advances with the patch
 * timer, which we keep slow (1 s), so turn clocks and bot moves use real timers instead;
 * a room clears them all when it is disposed.
 */
export class RoomTimers<Name extends string> {
  /**
   * One slot per name, kept once made. A room re-arms its clock at every move: a new
   * `setTimeout` each time (its Timeout and closure) outlived the young generation under
   * load, so a slot re-armed with the same length keeps its Timeout and `refresh()`es it.
   */
  private slots = new Map<Name, Slot>();
  /** Set when the room is disposed: nothing is armed again (a step that ends after the disposal must not wake the room). */
  private closed = false;

  /** Replaces any timer of the same name; nothing once the timers are closed. */
  set(name: Name, ms: number, fn: () => void): void {
    if (this.closed) return;
    const slot = this.slots.get(name);
    if (slot && slot.ms === ms && !slot.cleared) {
      // Also after it fired: refresh() re-arms a fired timer (a cleared one it would not).
      slot.fn = fn;
      slot.timer.refresh();
      return;
    }
    if (slot) clearTimeout(slot.timer);
    const fresh: Slot = { ms, fn, cleared: false, timer: setTimeout(() => fresh.fn(), ms) };
    this.slots.set(name, fresh);
  }

  clear(name: Name): void {
    const slot = this.slots.get(name);
    if (!slot) return;
    clearTimeout(slot.timer);
    slot.cleared = true;
  }

  clearAll(): void {
    for (const name of this.slots.keys()) this.clear(name);
  }

  /** Clears every timer for good: the room is gone. */
  close(): void {
    this.closed = true;
    this.clearAll();
  }
}

interface Slot {
  timer: NodeJS.Timeout;
  ms: number;
  fn: () => void;
  /** Cleared timers cannot be refreshed: the next `set` makes a new one. */
  cleared: boolean;
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
