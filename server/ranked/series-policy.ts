/**
 * A ranked series as a policy of the Gomoku table: the `ranked` create option (set by the
 * ranked queue, never by a client) fixes the rules and the players' names, every finished
 * game is rated exactly once, and the series' next game starts after a pause with the
 * other player opening. The series' public view goes into the synced state.
 */
import * as v from 'valibot';
import type { GomokuState, Seat } from '../../shared/games/gomoku';
import { isProvisional } from '../../shared/games/rating/glicko2';
import type { TablePolicy } from '../table/server-game';
import type { PolicyTable, TableSchema } from '../table/server-game';
import { nextGameMs } from '../timings';
import { recordTournamentGame } from '../tournaments/result-hook';
import { goBerserk } from './berserk';
import { endSeriesEarly, nextGame, noteAction, playerInSeat, rankedOptionSchema, recordMatchStart, settleGame, startSeries, type SeriesData } from './series';

/** Ranked games always use Swap 2 and the standard rule on 15x15 (seed Property 8, RULINGS). */
export const RANKED_RULES = { rule: 'standard', swap2: true } as const;
/** A ranked game's clock per move. */
export const RANKED_TURN_SECONDS = 60;

interface SeriesSchema {
  ranked: boolean;
  matchId: string;
  bestOf: number;
  gameNumber: number;
  nextGameAt: number;
  unrated: string;
  /** The game's Fischer control ("5+3"), '' on the per-move clock: the ranked pool's. */
  clock: string;
  players: Map<string, { seat?: number; playerId: string; rating: number; provisional: boolean; ratingChange: number; wins: number }>;
}

export function rankedSeries(table: PolicyTable<TableSchema & SeriesSchema>): TablePolicy {
  let series: SeriesData | null = null;
  const schema = () => table.schema;

  function mirror() {
    if (!series) return;
    Object.assign(schema(), { ranked: true, matchId: series.matchId, bestOf: series.bestOf, gameNumber: series.game, unrated: series.unrated ?? '' });
    table.seats.forEach((record, index) => {
      const row = record && schema().players.get(record.id);
      if (!row) return;
      const player = playerInSeat(series!, (index + 1) as Seat);
      Object.assign(row, {
        seat: index + 1,
        playerId: player.playerId,
        rating: Math.round(player.rating),
        provisional: isProvisional(player),
        ratingChange: series!.changes[player.playerId] ?? 0,
        wins: series!.wins[player.playerId] ?? 0,
      });
    });
  }

  /**
   * A ranked game ended (and was saved): rate it exactly once, then either schedule the
   * series' next game or end the match. Also runs on a restored room whose process died in
   * between, which is why the store, not this room, guarantees "once".
   */
  async function settle() {
    const current = series!;
    if (process.env.PARLOR_FAULT === 'crash_before_rating') process.kill(process.pid, 'SIGKILL'); // tests only
    try {
      // First: a replay after a failed rating finds the tournament's result written and writes nothing.
      if (current.tournamentId) await recordTournamentGame(table.services.tournaments, current, table.game() as GomokuState);
      // The pool's control and the time left after each action go into the match record.
      await settleGame(table.services.ranked, current, table.game() as GomokuState, { control: table.schema.clock, left: table.clockReadings() });
    } catch (err) {
      table.log.error({ err }, 'rating update failed, retried on restore');
      return;
    }
    mirror();
    if (!current.finished) {
      scheduleNextGame(nextGameMs());
      await table.save();
    }
  }

  function scheduleNextGame(ms: number) {
    schema().nextGameAt = Date.now() + ms;
    table.setTimer('next_game', ms, () => void table.serial(async () => {
      await nextGame(table.services.ranked, series!);
      schema().nextGameAt = 0;
      // The other player opens this game: the sessions change seats.
      await table.newGame(true);
    }));
  }

  return {
    name: 'ranked',
    calls: {
      berserk: (playerId) => goBerserk(table, series, playerId),
    },
    async create(serverOptions, options) {
      if (serverOptions.ranked === undefined) return;
      const ranked = v.parse(rankedOptionSchema, serverOptions.ranked);
      Object.assign(options, RANKED_RULES, { turnSeconds: RANKED_TURN_SECONDS });
      series = startSeries(ranked);
      schema().ranked = true;
      await recordMatchStart(table.services.ranked, series);
    },
    seatName: (seat, given) => (series ? playerInSeat(series, (seat + 1) as Seat).name : given),
    acted: (seat) => series && noteAction(series, (seat + 1) as Seat),
    ending: () => {
      if (series) series.unsettled = true;
    },
    ended: async () => {
      if (series) await settle();
    },
    keepsRoom: () => Boolean(series && !series.finished),
    leftAfterEnd: () => {
      if (!series || series.finished) return;
      table.clearTimer('next_game');
      schema().nextGameAt = 0;
      void endSeriesEarly(table.services.ranked, series).then(() => table.persistence.remove());
    },
    mirror,
    save: () => (series ? { series, nextGameAt: schema().nextGameAt } : null),
    restore(data, downSince) {
      const saved = data as { series: SeriesData; nextGameAt: number } | null | undefined;
      if (!saved) return;
      series = saved.series;
      schema().ranked = true;
      if (!series.unsettled && !series.finished && saved.nextGameAt > 0) scheduleNextGame(Math.max(1000, saved.nextGameAt - downSince));
    },
    resumed() {
      // The process died between the end of a game and its rating update: finish it now.
      if (series?.unsettled) void table.serial(() => settle().then(() => table.afterChange()));
    },
  };
}
