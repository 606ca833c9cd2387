/**
 * Room timings, each overridable by an environment variable (listed in the README) so
 * tests can run games fast; the defaults are what players get.
 */
function fromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return process.env[name] !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** How long a dropped player keeps the seat (seconds). */
export const reconnectSeconds = () => fromEnv('RECONNECT_SECONDS', 60) || 60;
/** How long a bot "thinks" before it moves (ms). */
export const botDelayMs = () => fromEnv('BOT_DELAY_MS', 700);
/** The pause between Flip 7 rounds (ms). */
export const nextRoundMs = () => fromEnv('NEXT_ROUND_MS', 4000);
/** The pause between the games of a ranked series (ms). */
export const nextGameMs = () => fromEnv('NEXT_GAME_MS', 5000);
/** How long the ranked queue takes to widen a player's window from ±100 to ±400 (ms). */
export const queueWidenMs = () => fromEnv('QUEUE_WIDEN_MS', 60_000);
/** How long an accepted action waits for its save while Redis is slow or away before it is refused and undone (ms). */
export const saveWaitMs = () => fromEnv('SAVE_WAIT_MS', 10_000);
/** A player's Monty Hall statistics are forgotten after this many days without a game (days). */
export const montyStatsTtlDays = () => fromEnv('MONTY_STATS_TTL_DAYS', 90) || 90;
/** Finished Tic Tac Toe games one player's address teaches the AI per hour (0: no learning from anyone). */
export const tttLearnPerHour = () => fromEnv('TTT_LEARN_PER_HOUR', 20);
/** A Fischer clock's minute (ms): 60 000 for players; a test server shortens it so a flag falls in seconds (never a client's option). */
export const clockMinuteMs = () => fromEnv('CLOCK_MINUTE_MS', 60_000) || 60_000;
/** The network lag a Fischer clock does not charge per move (ms; capped at one round trip's bound, LAG_ALLOWANCE_MS). */
export const clockLagMs = () => fromEnv('CLOCK_LAG_MS', 250);
/** The arena director's wave: waiting players are paired this often (ms). */
export const tournamentWaveMs = () => fromEnv('TOURNAMENT_WAVE_MS', 2000) || 2000;
/** The least pause between a Swiss round's last game ending and the next round's start (ms). */
export const swissRoundPauseMs = () => fromEnv('SWISS_ROUND_PAUSE_MS', 20_000);
/** How long after a Swiss round's start a game nobody (or only one player) sat down to is decided by forfeit (ms). */
export const swissNoShowMs = () => fromEnv('SWISS_NO_SHOW_MS', 60_000);
