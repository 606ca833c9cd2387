/**
 * The table's one clock: after every step it is armed for what comes next — a bot's move, the
 * turn clock of the seat to act (its deadline shown in the schema), or the pause before the game
 * goes on by itself (between rounds) — or stopped. What it will do is kept in fields and run by
 * one callback made once: a closure (and a new timer) per move outlived the young generation
 * under load (docs/performance.md).
 */
import type { AnyGame, ConfigOf, StateOf } from '../../shared/core/game';
import type { Timings } from '../timings';
import { FischerBanks } from './fischer-banks';
import type { RoomTimers } from './room-timers';
import type { SeatRecord } from './server-game';
import type { Cause } from './step';

/** What the clock does when it runs out: a step's cause (step.ts) — a turn that ran out, a fallen flag, a bot's move, the game going on. */
export type Due = Extract<Cause, { kind: 'timeout' | 'flag' | 'bot' | 'advance' }>;

/** What the clock reads of a game: its rules, and a bot delay of its own (the server part's `botDelayMs`). */
export interface ClockedGame<G extends AnyGame> {
  definition: G;
  botDelayMs?: (timings: Timings) => number;
}

const TIMER = 'clock';

export class TurnClock<G extends AnyGame> {
  /** Epoch ms the seat to act runs out of time, 0 when no turn clock runs. */
  deadline = 0;
  /** Epoch ms the game goes on by itself, 0 when it does not. */
  advanceAt = 0;
  private due: Due | null = null;
  /** The turn clock's own record, re-used at every move (its seat changes). */
  private readonly turn = { kind: 'timeout' as const, seat: 0 };
  /** The flag's record, re-used likewise. */
  private readonly flag = { kind: 'flag' as const, seat: 0, version: 0 };
  /** The Fischer clocks, for a game whose config has one (`GameDefinition.fischer`). */
  readonly banks: FischerBanks;

  constructor(
    private readonly game: ClockedGame<G>,
    private readonly timers: RoomTimers<string>,
    private readonly fire: (due: Due) => void,
    private readonly timings: Timings,
  ) {
    this.banks = new FischerBanks(timings);
  }

  /** How long after `start` what comes next is due (as planned). */
  private ms = 0;
  /** Whether the planned timer runs: a timer armed for the state before the last plan does nothing when it fires. */
  private live = false;

  /**
   * Plans and arms the clock for `rules` (stops it when nothing waits); `left`: the time a restored
   * per-move clock had left; `arrivedAt`: epoch ms the move that made `rules` arrived (a Fischer clock charges it).
   */
  arm(rules: StateOf<G> | null, config: ConfigOf<G>, seats: readonly (SeatRecord | undefined)[], left?: number, arrivedAt?: number): void {
    this.plan(rules, config, seats, left, arrivedAt);
    this.start();
  }

  /**
   * Sets the fields for what comes next (the deadline, the banks, what is due) without arming
   * anything: a step plans its clock before its save and starts it after. Until then the timer
   * armed for the state before does nothing (its record is the new one's now).
   */
  plan(rules: StateOf<G> | null, config: ConfigOf<G>, seats: readonly (SeatRecord | undefined)[], left?: number, arrivedAt?: number): void {
    this.live = false;
    this.ms = this.next(rules, config, seats, left, arrivedAt);
  }

  /** Arms the timer as planned (stops it when nothing waits). */
  start(): void {
    this.live = this.due !== null;
    if (this.due) this.timers.set(TIMER, this.ms, this.onTimer);
    else this.timers.clear(TIMER);
  }

  /** Sets the fields for what comes next and returns how long until it is due. */
  private next(rules: StateOf<G> | null, config: ConfigOf<G>, seats: readonly (SeatRecord | undefined)[], left: number | undefined, arrivedAt: number | undefined): number {
    const { definition } = this.game;
    this.deadline = 0;
    this.advanceAt = 0;
    this.due = null;
    if (!rules) return 0;
    const now = Date.now();
    const control = definition.fischer?.(config) ?? null;
    // The move is charged before anything else: the last one's reading is kept too.
    if (control) this.banks.step(control, definition.version(rules), arrivedAt ?? now);
    const over = definition.outcome(rules) !== null;
    const seat = over ? undefined : definition.toAct(rules)[0];
    // Only a person's clock runs: none after the end, between rounds, or while a bot thinks.
    if (seat === undefined || seats[seat]?.strategy !== undefined) this.banks.stop();
    if (over) return 0;
    if (seat === undefined) {
      const next = definition.advance?.(rules);
      if (!next) return 0;
      const ms = left ?? this.timings.nextRoundMs;
      this.advanceAt = Date.now() + ms;
      this.due = { kind: 'advance', seat: next.seat, action: next.action };
      return ms;
    }
    const strategy = seats[seat]?.strategy;
    if (strategy !== undefined) {
      this.due = { kind: 'bot', seat, strategy };
      return this.game.botDelayMs?.(this.timings) ?? this.timings.botDelayMs;
    }
    if (control) {
      this.banks.run(seat, now);
      this.deadline = this.banks.emptyAt();
      this.flag.seat = seat;
      this.flag.version = definition.version(rules);
      this.due = this.flag;
      return this.banks.flagInMs(now);
    }
    const seconds = definition.turnSeconds(config);
    if (seconds === null) return 0;
    const ms = left ?? seconds * 1000;
    this.deadline = Date.now() + ms;
    this.turn.seat = seat;
    this.due = this.turn;
    return ms;
  }

  /** Fires a copy: the records are re-used by the next plan, and the step it causes waits its turn. */
  private readonly onTimer = () => {
    if (this.live && this.due) this.fire({ ...this.due });
  };
}
