/**
 * The ranked side of a Gomoku room: the ranked rules and the series' public view in the
 * synced state (the `ranked` create option itself is ranking's: `RankedOption` in ranked/series).
 */
import { isProvisional } from '../../shared/games/rating/glicko2';
import { playerInSeat, type SeriesData } from '../ranked/series';
import type { GomokuRoomState } from './gomoku-schema';
import type { SeatMap } from './gomoku-mirror';

/** Ranked games always use Swap 2 and the standard rule on 15x15 (seed Property 8, RULINGS). */
export const RANKED_RULES = { rule: 'standard', swap2: true } as const;

/** A ranked game's clock per move. */
export const RANKED_TURN_SECONDS = 60;

export function mirrorSeries(state: GomokuRoomState, series: SeriesData | null, seats: SeatMap): void {
  if (!series) return;
  Object.assign(state, { matchId: series.matchId, bestOf: series.bestOf, gameNumber: series.game });
  for (const seat of [1, 2] as const) {
    const row = seats[seat] ? state.players.get(seats[seat]!) : undefined;
    if (!row) continue;
    const player = playerInSeat(series, seat);
    Object.assign(row, {
      seat,
      playerId: player.playerId,
      rating: Math.round(player.rating),
      provisional: isProvisional(player),
      ratingChange: series.changes[player.playerId] ?? 0,
      wins: series.wins[player.playerId] ?? 0,
    });
  }
}
