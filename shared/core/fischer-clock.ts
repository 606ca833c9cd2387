/**
 * Fischer clocks — a bank of total time per player plus an increment per move — as pure
 * functions: no clock is read here, every instant is passed in (epoch ms), so the server (the
 * only timekeeper) and the tests agree on every figure. A client's countdown is a display of the
 * same facts: the banks as of the last move, the seat whose clock runs and since when.
 */
import * as v from 'valibot';

/** A time control: minutes on each clock at the start, seconds added after each of a player's moves. */
export interface FischerControl {
  readonly minutes: number;
  readonly increment: number;
}

export const CLOCK_MINUTES = { min: 1, max: 180 } as const;
export const CLOCK_INCREMENT = { min: 0, max: 60 } as const;

/** The presets the lobby offers (online sites' usual controls); any other is a custom one within the bounds above. */
export const CLOCK_PRESETS: readonly FischerControl[] = [
  { minutes: 1, increment: 1 },
  { minutes: 3, increment: 2 },
  { minutes: 5, increment: 3 },
  { minutes: 10, increment: 5 },
  { minutes: 15, increment: 10 },
  { minutes: 30, increment: 20 },
];

/**
 * The most a move's time used is reduced by for the network: the time between the server sending
 * the turn and the move arriving includes one round trip the player cannot help, so up to this
 * much is not charged (bounded, so a slow link cannot buy thinking time).
 */
export const LAG_ALLOWANCE_MS = 500;

const minutesMessage = `clock.minutes must be an integer from ${CLOCK_MINUTES.min} to ${CLOCK_MINUTES.max}`;
const incrementMessage = `clock.increment must be an integer from ${CLOCK_INCREMENT.min} to ${CLOCK_INCREMENT.max}`;

/** The `clock` join/create option: a closed shape, both fields required. */
export const clockOption = v.optional(
  v.strictObject(
    {
      minutes: v.pipe(v.number(minutesMessage), v.integer(minutesMessage), v.minValue(CLOCK_MINUTES.min, minutesMessage), v.maxValue(CLOCK_MINUTES.max, minutesMessage)),
      increment: v.pipe(v.number(incrementMessage), v.integer(incrementMessage), v.minValue(CLOCK_INCREMENT.min, incrementMessage), v.maxValue(CLOCK_INCREMENT.max, incrementMessage)),
    },
    'clock must be {minutes, increment} and nothing else',
  ),
);

/** How a control is written: "5+3" (minutes + increment seconds). */
export const controlName = (control: FischerControl | null): string => (control ? `${control.minutes}+${control.increment}` : '');

/** "5+3" → the control, or null for anything else (ranked pool names, replay records). */
export function parseControl(text: string): FischerControl | null {
  const match = /^(\d{1,3})\+(\d{1,2})$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[1]);
  const increment = Number(match[2]);
  if (minutes < CLOCK_MINUTES.min || minutes > CLOCK_MINUTES.max || increment > CLOCK_INCREMENT.max) return null;
  return { minutes, increment };
}

/** "5+3" → "5 min + 3 s a move" (a control in words: replays, match pages). */
export function controlWords(clock: string): string {
  const control = parseControl(clock);
  return control ? `${control.minutes} min + ${control.increment} s a move` : clock;
}

/** Each clock's time at the start (ms); `minuteMs` is 60 000 except in a test server's short controls. */
export const initialMs = (control: FischerControl, minuteMs = 60_000): number => control.minutes * minuteMs;

/** The time a move is charged: the time since its turn was sent, less at most one round trip of lag; never negative. */
export function chargedMs(sentAt: number, arrivedAt: number, lagMs: number = LAG_ALLOWANCE_MS): number {
  const elapsed = Math.max(0, arrivedAt - sentAt);
  return Math.max(0, elapsed - Math.min(Math.max(0, lagMs), LAG_ALLOWANCE_MS));
}

/**
 * The mover's bank after a move that used `usedMs`: the time used comes off first, then the
 * increment is added. A move that used all the time left arrived after the flag fell: the bank
 * is 0 and the caller ends the game on time (the increment never rescues a fallen flag).
 */
export function afterMove(leftMs: number, usedMs: number, incrementMs: number): number {
  const left = leftMs - Math.max(0, usedMs);
  return left <= 0 ? 0 : left + incrementMs;
}

/** The time a running clock shows at `now` (ms, never negative): a client's display and the server's flag check agree. */
export const showing = (leftMs: number, since: number, now: number): number => Math.max(0, leftMs - Math.max(0, now - since));

/** How a clock's time is written: m:ss, or s.t (tenths) under 10 s. */
export function clockText(ms: number): string {
  const left = Math.max(0, ms);
  if (left < 10_000) return `${Math.floor(left / 1000)}.${Math.floor((left % 1000) / 100)}`;
  const total = Math.ceil(left / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * The ranked queue's pools, one per time control: three Fischer controls and today's per-move
 * 60 s clock (`60s`, the default). One Gomoku rating counts across all of them.
 */
export const RANKED_POOLS = ['60s', '3+2', '5+3', '10+5'] as const;
export type RankedPool = (typeof RANKED_POOLS)[number];
export const DEFAULT_POOL: RankedPool = '60s';

/** The time controls a tournament is played at: the ranked pools' Fischer controls (berserk halves one); the first is the default. */
export const TOURNAMENT_CONTROLS = ['3+2', '5+3', '10+5'] as const;
export type TournamentControl = (typeof TOURNAMENT_CONTROLS)[number];

/** A pool's Fischer control, or null for the per-move pool. */
export const poolControl = (pool: RankedPool): FischerControl | null => parseControl(pool);
