/**
 * An arena player's berserk in their ranked game (Lichess's rule): their own clock is halved and
 * gains nothing per move, for this game; allowed only before their first action of it. Asked by
 * the event's director (server/tournaments/director-room.ts) through `policyCall`, on whichever
 * process hosts the game; the room is the judge, since only it knows whether the player has moved.
 * The berserk is in the series (the snapshot) and the clock's banks before anyone sees the halved
 * clock, and reaches the event's row with the game's result (result-hook.ts).
 */
import type { PolicyTable } from '../table/server-game';
import { actionsOf, isBerserk, markBerserk, playerInSeat, type SeriesData } from './series';

/** What the room answers the director: done, or why not (the director's refusal codes, docs/protocol.md). */
export type BerserkAnswer = 'ok' | 'not_playing' | 'game_not_started' | 'berserk_too_late' | 'berserk_unavailable';

export async function goBerserk(table: PolicyTable, series: SeriesData | null, playerId: unknown): Promise<BerserkAnswer> {
  let answer: BerserkAnswer = 'not_playing';
  // In turn with the moves: a move and a berserk never cross.
  await table.serial(async () => {
    // Taken as a step is: saved before the halved clock reaches anyone, then shown and its flag armed.
    const changed = await table.amend(() => (answer = decide(table, series, playerId)) === 'ok');
    // A save given up on (Redis away past its bound) undid the berserk.
    if (answer === 'ok' && !changed) answer = 'berserk_unavailable';
  });
  return answer;
}

function decide(table: PolicyTable, series: SeriesData | null, playerId: unknown): BerserkAnswer {
  if (!series?.tournamentId || series.finished) return 'not_playing';
  const seat = ([0, 1] as const).find((s) => playerInSeat(series, s).playerId === playerId);
  if (seat === undefined) return 'not_playing';
  if (table.game() === null) return 'game_not_started';
  if (table.outcome() !== null || actionsOf(series, seat) > 0) return 'berserk_too_late';
  if (isBerserk(series, seat)) return 'ok';
  if (!table.halveClock(seat)) return 'berserk_unavailable';
  markBerserk(series, seat);
  return 'ok';
}
