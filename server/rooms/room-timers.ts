/**
 * Named one-shot timers for a room. The room's own `clock` only advances with the patch
 * timer, which we keep slow (1 s), so turn clocks and bot moves use real timers instead;
 * a room clears them all when it is disposed.
 */
export class RoomTimers<Name extends string> {
  private timers = new Map<Name, NodeJS.Timeout>();

  /** Replaces any timer of the same name. */
  set(name: Name, ms: number, fn: () => void): void {
    this.clear(name);
    this.timers.set(name, setTimeout(() => {
      this.timers.delete(name);
      fn();
    }, ms));
  }

  clear(name: Name): void {
    const timer = this.timers.get(name);
    if (timer) clearTimeout(timer);
    this.timers.delete(name);
  }

  clearAll(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}

/**
 * Colyseus leaves the timers of still-held reconnection seats running after a room is
 * disposed (they only expire the seat), which keeps a stopping process alive for a minute.
 */
export function clearHeldSeatTimers(room: object): void {
  const held = (room as { _reservedSeatTimeouts?: Record<string, NodeJS.Timeout> })._reservedSeatTimeouts ?? {};
  for (const timer of Object.values(held)) clearTimeout(timer);
}
