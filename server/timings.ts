/**
 * Room timings, each overridable by an environment variable (listed in the README) so tests can
 * run games fast; the defaults are what players get. Read once at start into the config
 * (config.ts `timings`), then handed to what needs them with the services (`Services.timings`):
 * nothing reads the environment while a game runs.
 */
export interface Timings {
  /** How long a dropped player keeps the seat (seconds). RECONNECT_SECONDS */
  reconnectSeconds: number;
  /** How long a bot "thinks" before it moves (ms). BOT_DELAY_MS */
  botDelayMs: number;
  /** The pause between Flip 7 rounds (ms). NEXT_ROUND_MS */
  nextRoundMs: number;
  /** The pause between the games of a ranked series (ms). NEXT_GAME_MS */
  nextGameMs: number;
  /** How long the ranked queue takes to widen a player's window from ±100 to ±400 (ms). QUEUE_WIDEN_MS */
  queueWidenMs: number;
  /** How long an accepted action waits for its save while Redis is slow or away before it is refused and undone (ms). SAVE_WAIT_MS */
  saveWaitMs: number;
  /** A player's Monty Hall statistics are forgotten after this many days without a game (days). MONTY_STATS_TTL_DAYS */
  montyStatsTtlDays: number;
  /** Finished Tic Tac Toe games one player's address teaches the AI per hour (0: no learning from anyone). TTT_LEARN_PER_HOUR */
  tttLearnPerHour: number;
  /** A Fischer clock's minute (ms): 60 000 for players; a test server shortens it so a flag falls in seconds (never a client's option). CLOCK_MINUTE_MS */
  clockMinuteMs: number;
  /** The network lag a Fischer clock does not charge per move (ms; capped at one round trip's bound, LAG_ALLOWANCE_MS). CLOCK_LAG_MS */
  clockLagMs: number;
  /** The arena director's wave: waiting players are paired this often (ms). TOURNAMENT_WAVE_MS */
  tournamentWaveMs: number;
  /** The least pause between a Swiss round's last game ending and the next round's start (ms). SWISS_ROUND_PAUSE_MS */
  swissRoundPauseMs: number;
  /** How long after a Swiss round's start a game nobody (or only one player) sat down to is decided by forfeit (ms). SWISS_NO_SHOW_MS */
  swissNoShowMs: number;
}

export const DEFAULT_TIMINGS: Readonly<Timings> = {
  reconnectSeconds: 60,
  botDelayMs: 700,
  nextRoundMs: 4000,
  nextGameMs: 5000,
  queueWidenMs: 60_000,
  saveWaitMs: 10_000,
  montyStatsTtlDays: 90,
  tttLearnPerHour: 20,
  clockMinuteMs: 60_000,
  clockLagMs: 250,
  tournamentWaveMs: 2000,
  swissRoundPauseMs: 20_000,
  swissNoShowMs: 60_000,
};

/** The variable each timing is read from. */
const VARIABLES: Record<keyof Timings, string> = {
  reconnectSeconds: 'RECONNECT_SECONDS',
  botDelayMs: 'BOT_DELAY_MS',
  nextRoundMs: 'NEXT_ROUND_MS',
  nextGameMs: 'NEXT_GAME_MS',
  queueWidenMs: 'QUEUE_WIDEN_MS',
  saveWaitMs: 'SAVE_WAIT_MS',
  montyStatsTtlDays: 'MONTY_STATS_TTL_DAYS',
  tttLearnPerHour: 'TTT_LEARN_PER_HOUR',
  clockMinuteMs: 'CLOCK_MINUTE_MS',
  clockLagMs: 'CLOCK_LAG_MS',
  tournamentWaveMs: 'TOURNAMENT_WAVE_MS',
  swissRoundPauseMs: 'SWISS_ROUND_PAUSE_MS',
  swissNoShowMs: 'SWISS_NO_SHOW_MS',
};

/** Timings where 0 would stop the game (a seat never held, a minute of no time, a wave never run): 0 means the default. */
const ZERO_IS_DEFAULT: ReadonlySet<keyof Timings> = new Set(['reconnectSeconds', 'montyStatsTtlDays', 'clockMinuteMs', 'tournamentWaveMs']);

/** Every timing the environment sets (a number ≥ 0), the others left out. */
export function timingsFromEnv(env: NodeJS.ProcessEnv): Partial<Timings> {
  const timings: Partial<Timings> = {};
  for (const [key, name] of Object.entries(VARIABLES) as [keyof Timings, string][]) {
    const raw = env[name];
    const value = Number(raw);
    if (raw === undefined || !Number.isFinite(value) || value < 0) continue;
    if (value === 0 && ZERO_IS_DEFAULT.has(key)) continue;
    timings[key] = value;
  }
  return timings;
}

/** The defaults with `given` over them. */
export function timingsOf(given: Partial<Timings> | undefined): Timings {
  return { ...DEFAULT_TIMINGS, ...given };
}
