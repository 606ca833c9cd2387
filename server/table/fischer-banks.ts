/**
 * The server's Fischer clocks for one table: each seat's bank (ms left as of its last move), the
 * seat whose clock runs and since when (epoch ms). The server is the only timekeeper; these are
 * the facts the synced state carries so a client can count down. The arithmetic is the shared
 * pure module's (shared/core/fischer-clock.ts); this file only decides when to apply it: a move
 * is a change of the rules' version while a seat's clock ran.
 */
import { afterMove, chargedMs, initialMs, LAG_ALLOWANCE_MS, showing, type FischerControl } from '../../shared/core/fischer-clock';
import type { SeatIndex } from '../../shared/core/game';
import type { Timings } from '../timings';

/** What a snapshot keeps of the clocks (snapshot.ts checks its shape). */
export interface SavedBanks {
  bank: number[];
  readings?: number[];
  running: number;
  since: number;
  version: number;
  /** Seats whose clock was halved this game (absent when none was). */
  halved?: boolean[];
}

/** The synced state's clock fields (a game's schema with a Fischer clock has them). */
export interface ClockFields {
  timeLeft1: number;
  timeLeft2: number;
  clockSeat: number;
  clockSince: number;
}

export class FischerBanks {
  /** `timings`: the clock's minute and the lag it does not charge (timings.ts). */
  constructor(private readonly timings: Pick<Timings, 'clockMinuteMs' | 'clockLagMs'>) {}

  /** Ms left on each seat's clock as of its last move (the running one's keeps falling from `since`). */
  readonly bank: number[] = [0, 0];
  /** The seat whose clock runs, -1 when none does (before the game, a bot's turn, after the end). */
  running = -1;
  /** Epoch ms the running clock started (when the turn was sent). */
  since = 0;
  /** The rules' version the banks were last brought to: a new version is a move. */
  private version = -1;
  /**
   * The mover's bank after each action of the game, in order (-1: no clock ran for it, a bot's
   * move): the replay record shows the time left after each step.
   */
  readonly readings: number[] = [];
  /** Seats whose clock was halved this game (an arena's berserk): half the time, no increment. */
  readonly halved: boolean[] = [false, false];

  /**
   * Brings the banks to `version` at `arrivedAt` (epoch ms): a new game fills them, a move charges
   * the seat that was running and adds its increment. (A move charged all its bank arrived after
   * its flag fell: the flag's timer, which waits the lag allowance too, has then ended the game first.)
   */
  step(control: FischerControl, version: number, arrivedAt: number): void {
    if (version === this.version) return;
    if (this.version < 0 || version < this.version) {
      this.bank.fill(initialMs(control, this.timings.clockMinuteMs));
      this.halved.fill(false);
      this.readings.length = 0;
      this.running = -1;
      this.version = version;
      return;
    }
    this.version = version;
    const seat = this.running;
    if (seat < 0) return void this.readings.push(-1);
    // Whole ms: arrival instants come from performance.now(), and the synced figures need no more.
    this.bank[seat] = Math.round(afterMove(this.bank[seat]!, chargedMs(this.since, arrivedAt, this.timings.clockLagMs), this.halved[seat] ? 0 : control.increment * 1000));
    this.readings.push(this.bank[seat]!);
    this.running = -1;
  }

  /** Starts `seat`'s clock at `now` (it keeps running, from its start, while the same turn is re-armed). */
  run(seat: SeatIndex, now: number): void {
    if (this.running === seat) return;
    this.running = seat;
    this.since = now;
  }

  /** The running seat's flag fell: its bank is empty, whatever a timer's rounding left (the step that ends the game charges nothing more). */
  fell(): void {
    if (this.running >= 0) this.bank[this.running] = 0;
    this.running = -1;
    this.readings.push(0);
  }

  /**
   * Halves `seat`'s clock for the rest of the game and takes its increment away (Lichess's berserk);
   * a running clock keeps running from when it started. False before a game's clocks are set, or
   * when it is halved already.
   */
  halve(seat: SeatIndex): boolean {
    if (this.version < 0 || this.halved[seat]) return false;
    this.halved[seat] = true;
    this.bank[seat] = Math.round(this.bank[seat]! / 2);
    return true;
  }

  stop(): void {
    this.running = -1;
  }

  /** Ms until the running seat's flag falls at `now` (the lag allowance after its bank runs out: a move within it still counts). */
  flagInMs(now: number): number {
    return this.running < 0 ? 0 : showing(this.bank[this.running]!, this.since, now) + Math.min(this.timings.clockLagMs, LAG_ALLOWANCE_MS);
  }

  /** Epoch ms the running clock shows 0. */
  emptyAt(): number {
    return this.running < 0 ? 0 : this.since + this.bank[this.running]!;
  }

  /** The synced facts a client counts down from (rows number seats from 1; 0: no clock runs). */
  show(target: ClockFields): void {
    target.timeLeft1 = this.bank[0]!;
    target.timeLeft2 = this.bank[1]!;
    target.clockSeat = this.running + 1;
    target.clockSince = this.since;
  }

  save(): SavedBanks | undefined {
    if (this.version < 0) return undefined;
    const saved: SavedBanks = { bank: [...this.bank], readings: [...this.readings], running: this.running, since: this.since, version: this.version };
    if (this.halved.some(Boolean)) saved.halved = [...this.halved];
    return saved;
  }

  /**
   * Takes saved banks back. The running clock is charged only up to `chargedUntil` (when the old
   * process stopped): the time nobody hosted the room is not the player's, as with the per-move clock.
   */
  load(saved: SavedBanks | undefined, chargedUntil: number, now: number): void {
    if (!saved) {
      this.version = -1;
      this.running = -1;
      this.halved.fill(false);
      return;
    }
    saved.bank.forEach((ms, seat) => (this.bank[seat] = ms));
    this.readings.length = 0;
    this.readings.push(...(saved.readings ?? []));
    this.halved.fill(false);
    (saved.halved ?? []).forEach((halved, seat) => (this.halved[seat] = halved));
    this.version = saved.version;
    this.running = saved.running;
    if (saved.running >= 0) {
      // At least a second back, as a restored per-move clock is given.
      this.bank[saved.running] = Math.max(1000, showing(saved.bank[saved.running]!, saved.since, chargedUntil));
      this.since = now;
    }
  }
}
