/**
 * The players' clocks, as every table with a clock shows them (the player list, player-list.ts).
 * The table runs one clock per move (`turnSeconds`, ending at `deadline`): the player to move
 * sees it count down; the others see the full allowance they will get. A Fischer clock (`clock`
 * "5+3") is each player's bank instead: the server syncs the banks as of each one's last move,
 * the seat whose clock runs and since when; the running one counts down from those facts (the
 * server alone decides when a flag falls), in tenths under ten seconds.
 */
import { clockText as bankText, showing } from '../../shared/core/fischer-clock';

export const LOW_TIME_SECONDS = 10;

/** Whole seconds from now until the epoch-ms time `at` (rounded up), never below zero. */
export function secondsLeft(at: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

export interface ClockFacts {
  phase: string;
  toMove: string;
  /** Epoch ms at which the running clock runs out; 0 when none runs. */
  deadline: number;
  turnSeconds: number;
  /** A Fischer control ("5+3"), '' or absent with the per-move clock. */
  clock?: string;
  timeLeft1?: number;
  timeLeft2?: number;
  /** The seat (1, 2) whose bank runs; 0 when none does. */
  clockSeat?: number;
  clockSince?: number;
}

export interface ClockView {
  text: string;
  seconds: number;
  running: boolean;
  /** At most LOW_TIME_SECONDS left on the running clock. */
  low: boolean;
}

/** "1:00", "0:09". */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The clock of the player `id` (in `seat`, 1-based) now, or null when no clock applies (no limit, not started, over). */
export function playerClock(f: ClockFacts, id: string, now: number, seat = 0): ClockView | null {
  if (f.clock) return bankClock(f, seat, now);
  if (!f.turnSeconds || f.phase === 'waiting' || f.phase === 'game_over') return null;
  if (f.toMove === id && f.deadline > 0) {
    const seconds = secondsLeft(f.deadline, now);
    return { text: clockText(seconds), seconds, running: true, low: seconds <= LOW_TIME_SECONDS };
  }
  return { text: clockText(f.turnSeconds), seconds: f.turnSeconds, running: false, low: false };
}

/** A Fischer bank: shown from the start to the end (the final times stay), running for the seat to move. */
function bankClock(f: ClockFacts, seat: number, now: number): ClockView | null {
  if (seat !== 1 && seat !== 2) return null;
  const bank = (seat === 1 ? f.timeLeft1 : f.timeLeft2) ?? 0;
  const running = f.clockSeat === seat && f.phase !== 'game_over';
  const ms = running ? showing(bank, f.clockSince ?? now, now) : bank;
  const seconds = ms / 1000;
  return { text: bankText(ms), seconds, running, low: seconds <= LOW_TIME_SECONDS };
}
