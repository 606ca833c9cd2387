/**
 * Who sits where at a table: the seat records (players and bots), the keys that hold seats for
 * named players (a rematch, a ranked pairing), the seat tokens a player who left reclaims a
 * seat with (games a bot plays on for the absent), and the host (the first seated player, who
 * starts a `host` game). Bookkeeping only: the room turns these changes into schema rows.
 */
import type { SeatIndex } from '../../shared/core/game';
import { newKey } from '../ids';
import type { SeatRecord } from './server-game';

export class Seats {
  /** Seat → who holds it; holes while seats are filling. Replaced (never mutated) by `compact` and `swap`. */
  list: (SeatRecord | undefined)[] = [];
  /** How many seats the game has. */
  max = 0;
  /** Seats held for named players: seat number (from 1) → its secret key. Null: every seat is open. */
  keys: Record<string, string | undefined> | null = null;
  /** Seat token → the session it was given to (kept up to date when the seat changes hands); made with the first token (most tables give none). */
  private seatTokens?: Map<string, string>;
  /** The first seated player's session; '' when no player sits. */
  host = '';

  /** Seats `record` (the first player to sit becomes the host). */
  take(seat: SeatIndex, record: SeatRecord): void {
    this.list[seat] = record;
    if (!record.bot && !this.host) this.host = record.id;
  }

  /**
   * Frees `sessionId`'s seat before the game (RULINGS.md: leaving while seats fill frees the
   * seat): its tokens go, `compact` closes the gap, and the host passes to the next player.
   * True if anyone moved seat.
   */
  free(sessionId: string, seat: SeatIndex, compact: boolean): boolean {
    this.list[seat] = undefined;
    if (this.seatTokens) for (const [token, owner] of this.seatTokens) if (owner === sessionId) this.seatTokens.delete(token);
    const moved = compact && this.compact();
    if (this.host === sessionId) this.host = this.list.find((s) => s && !s.bot)?.id ?? '';
    return moved;
  }

  /** A new seat token for `sessionId` (to reclaim the seat after leaving). */
  issueSeatToken(sessionId: string): string {
    const token = newKey();
    (this.seatTokens ??= new Map()).set(token, sessionId);
    return token;
  }

  /** The session a seat token was given to, if any. */
  tokenOwner(token: string): string | undefined {
    return this.seatTokens?.get(token);
  }

  /**
   * Moves the seat of the token's owner to `sessionId` (a returning player takes their seat back
   * from the bot): the seat's new record and the old session, or null if the token opens none.
   */
  reclaim(token: string, sessionId: string): { seat: SeatIndex; oldId: string } | null {
    const oldId = this.seatTokens?.get(token);
    const seat = oldId === undefined ? null : this.seatOf(oldId);
    if (!this.seatTokens || oldId === undefined || seat === null) return null;
    const { name, account } = this.list[seat]!;
    this.list[seat] = { id: sessionId, name, bot: false, ...(account === undefined ? {} : { account }) };
    this.seatTokens.set(token, sessionId);
    if (this.host === oldId) this.host = sessionId;
    return { seat, oldId };
  }

  /** The seat `account` owns (a player's seat, never a bot's), if any. */
  seatOfAccount(account: string): SeatIndex | null {
    const seat = this.list.findIndex((s) => s !== undefined && !s.bot && s.account === account);
    return seat < 0 ? null : seat;
  }

  /**
   * Gives `seat` to `sessionId`, a newer connection of the seat's owner (a new tab, another
   * device): the seat's tokens and the host follow it, and a bot playing for the absent owner
   * stops. The session that held it before, or undefined for a free seat.
   */
  moveTo(seat: SeatIndex, sessionId: string): string | undefined {
    const record = this.list[seat];
    if (!record) return undefined;
    const oldId = record.id;
    const { strategy: _botPlayedFor, ...owner } = record;
    this.list[seat] = { ...owner, id: sessionId };
    if (this.seatTokens) for (const [token, id] of this.seatTokens) if (id === oldId) this.seatTokens.set(token, sessionId);
    if (this.host === oldId) this.host = sessionId;
    return oldId;
  }

  /** The seat a joining player takes: the one its key opens, else the first free one; none once the game is on. */
  freeSeat(key: string | undefined, started: boolean): SeatIndex | undefined {
    if (started) return undefined;
    for (let seat = 0; seat < this.max; seat++) {
      if (this.list[seat]) continue;
      if (this.keys && this.keys[seat + 1] !== key) continue;
      return seat;
    }
    return undefined;
  }

  /** Closes the gaps players left while seats filled (seats fill from the first); true if anyone moved. */
  compact(): boolean {
    const filled = this.list.filter((s): s is SeatRecord => s !== undefined);
    if (filled.every((s, i) => this.list[i] === s)) return false;
    this.list = filled;
    return true;
  }

  /** The two players change seats (a rematch with colours swapped). */
  swap(): void {
    this.list = [this.list[1], this.list[0]];
  }

  seatOf(sessionId: string): SeatIndex | null {
    const seat = this.list.findIndex((s) => s?.id === sessionId);
    return seat < 0 ? null : seat;
  }

  filled(): number {
    return this.list.filter(Boolean).length;
  }

  /** The address of the first seated player whose address is known (a bot has none). */
  firstAddress(addressOf: (id: string) => string | undefined): string | undefined {
    for (const s of this.list) {
      const address = s && !s.bot ? addressOf(s.id) : undefined;
      if (address) return address;
    }
    return undefined;
  }

  /** The seats' part of a snapshot (snapshot.ts). */
  save(): { seatRecords: (SeatRecord | null)[]; seats: string[]; seatIds: string[]; seatKeys: Record<string, string | undefined> | null; seatTokens: Record<string, string>; host: string } {
    // Array.from, not map: the list has holes while seats fill (a keyed second seat taken first), and map keeps holes (JSON null).
    const ids = Array.from(this.list, (s) => s?.id ?? '');
    return { seatRecords: Array.from(this.list, (s) => s ?? null), seats: ids, seatIds: [...ids], seatKeys: this.keys, seatTokens: this.seatTokens ? Object.fromEntries(this.seatTokens) : {}, host: this.host };
  }

  /** Puts the seats back from a snapshot's part. */
  load(saved: { seatRecords: (SeatRecord | null)[]; seatKeys: Record<string, string | undefined> | null; seatTokens: Record<string, string>; host: string }): void {
    this.list = saved.seatRecords.map((s) => s ?? undefined);
    this.keys = saved.seatKeys;
    const tokens = Object.entries(saved.seatTokens);
    this.seatTokens = tokens.length ? new Map(tokens) : undefined;
    this.host = saved.host;
  }
}
