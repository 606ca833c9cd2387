/**
 * Who takes part in a Swiss round. A player may join late while they would miss at most half
 * the rounds; the rounds they missed are scored as Lichess does for round 1 (½) and 0 after
 * that (a late joiner catches up on a half point at most, so joining late never pays). A
 * player absent at the start of two rounds is withdrawn: the director reads `withdrawn` and
 * stops pairing them. A withdrawn player keeps their results in the table.
 */
import { reject, type Rejected } from '../core/result';

export interface Attendance {
  /** Rounds whose start the player missed (late-join rounds not counted: they were not in yet). */
  readonly missedStarts: number;
  readonly withdrawn: boolean;
}

export const PRESENT: Attendance = { missedStarts: 0, withdrawn: false };

/** Two missed starts and the player is out. */
export const MAX_MISSED_STARTS = 2;

export type LateJoinRefusal = 'event-over' | 'late-join-closed' | 'bad-round';

/**
 * Whether a player may join before round `nextRound` (1-based) of `totalRounds`, and the points
 * their missed rounds carry (one entry per missed round, round 1 first).
 */
export function lateJoin(nextRound: number, totalRounds: number): { readonly ok: true; readonly missedScores: readonly (0 | 0.5)[] } | Rejected<LateJoinRefusal> {
  if (!Number.isInteger(nextRound) || !Number.isInteger(totalRounds) || nextRound < 1 || totalRounds < 1) return reject('bad-round', 'rounds are whole numbers from 1');
  if (nextRound > totalRounds) return reject('event-over', 'every round has started');
  const missed = nextRound - 1;
  if (missed > Math.floor(totalRounds / 2)) return reject('late-join-closed', `joining closes once more than half of the ${totalRounds} rounds have started`);
  return { ok: true, missedScores: Array.from({ length: missed }, (_, i) => missedRoundScore(i + 1)) };
}

/** A late joiner's missed round: ½ for round 1, 0 after. */
export const missedRoundScore = (round: number): 0 | 0.5 => (round === 1 ? 0.5 : 0);

/** The player's attendance after a round's start at which they were (or were not) present. */
export function recordRoundStart(a: Attendance, present: boolean): Attendance {
  if (a.withdrawn || present) return a;
  const missedStarts = a.missedStarts + 1;
  return { missedStarts, withdrawn: missedStarts >= MAX_MISSED_STARTS };
}

/** A player's own withdrawal. */
export const withdraw = (a: Attendance): Attendance => ({ ...a, withdrawn: true });
