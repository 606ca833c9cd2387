/**
 * The players' clocks, as every table with a clock shows them (the player list, player-list.ts).
 * The table runs one clock per move (`turnSeconds`, ending at `deadline`): the player to move
 * sees it count down; the others see the full allowance they will get.
 */
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

/** The clock of the player `id` now, or null when no clock applies (no limit, not started, over). */
export function playerClock(f: ClockFacts, id: string, now: number): ClockView | null {
  if (!f.turnSeconds || f.phase === 'waiting' || f.phase === 'game_over') return null;
  if (f.toMove === id && f.deadline > 0) {
    const seconds = secondsLeft(f.deadline, now);
    return { text: clockText(seconds), seconds, running: true, low: seconds <= LOW_TIME_SECONDS };
  }
  return { text: clockText(f.turnSeconds), seconds: f.turnSeconds, running: false, low: false };
}
