/**
 * The game's log as one client knows it, for stepping back through a live game: the synced
 * state carries only the log's last lines, a `log {from}` answer the entries before them.
 * Entries are kept by their number in the game, so the two can arrive in any order.
 */
import type { Flip7LogEntry } from '../../../../shared/games/flip7/log';

/** A synced log line: an entry and its number. */
export type NumberedEntry = Flip7LogEntry & { i: number };

/** The room's answer to `log {from}` (server/games/flip7/mirror.ts, `logFrom`). */
export interface LogAnswer {
  base: number;
  entries: readonly Flip7LogEntry[];
  oldest: number;
}

export class LogBook {
  /** By number; a hole is an entry not known yet. */
  private readonly entries: (Flip7LogEntry | undefined)[] = [];
  /** The first entry the server still holds (its log drops the oldest past a cap): known from its answer. */
  private floor = 0;
  private cached: { first: number; entries: Flip7LogEntry[] } | null = null;

  /** The synced last lines (schema rows or plain objects). */
  addRows(rows: Iterable<NumberedEntry>): void {
    for (const row of rows) {
      if (this.entries[row.i] !== undefined) continue;
      const { i, ...entry } = plain(row);
      this.put(i, entry as Flip7LogEntry);
    }
  }

  /** The server's answer to `log {from}`: its entries from `base` on, and the oldest it holds. */
  answered({ base, entries, oldest }: LogAnswer): void {
    this.floor = Math.max(this.floor, oldest);
    entries.forEach((entry, k) => this.entries[base + k] === undefined && this.put(base + k, entry));
  }

  /** The newest stretch without a gap: its first entry's number, and its entries. */
  run(): { first: number; entries: Flip7LogEntry[] } {
    if (this.cached) return this.cached;
    let first = this.entries.length;
    while (first > this.floor && this.entries[first - 1] !== undefined) first--;
    return (this.cached = { first, entries: this.entries.slice(first) as Flip7LogEntry[] });
  }

  /** What to ask the server for: the first entry missing below the newest known one, or null when none is. */
  missingFrom(): number | null {
    if (this.entries.length === 0) return null;
    for (let i = this.floor; i < this.entries.length; i++) if (this.entries[i] === undefined) return i;
    return null;
  }

  private put(i: number, entry: Flip7LogEntry): void {
    this.entries[i] = entry;
    this.cached = null;
  }
}

/** A schema row as plain data (its arrays as arrays, no unset optional fields). */
function plain(row: NumberedEntry): NumberedEntry {
  const json = (row as { toJSON?: () => unknown }).toJSON?.() ?? row;
  return Object.fromEntries(Object.entries(json as object).filter(([, value]) => value !== undefined)) as NumberedEntry;
}
