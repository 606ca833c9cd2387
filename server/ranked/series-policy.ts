/**
 * A ranked series as a policy of the Gomoku table: the `ranked` create option (set by the
 * ranked queue, never by a client) fixes the rules and the players' names, every finished
 * game is rated exactly once, and the series' next game starts after a pause with the
 * other player opening. The series' public view goes into the synced state.
 */
import * as v from 'valibot';
import type { GomokuState, Seat } from '../../shared/games/gomoku';
import { isProvisional } from '../../shared/games/rating/glicko2';
import type { SeatIndex } from '../../shared/core/game';
import type { TablePolicy } from '../table/server-game';
import type { PolicyTable, TableSchema } from '../table/server-game';
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

/** A policy per room: a class, so that its steps are shared by every room (closures were ~1 KB a room, ranked or not). */
export function rankedSeries(table: PolicyTable<TableSchema & SeriesSchema>): TablePolicy {
  return new RankedSeries(table);
}

class RankedSeries implements TablePolicy {
  readonly name = 'ranked';
  private series: SeriesData | null = null;
  /** Epoch ms the series' next game starts, 0 when none is due: kept here and saved, shown by the mirror after the save. */
  private nextGameAt = 0;

  constructor(private readonly table: PolicyTable<TableSchema & SeriesSchema>) {}

  mirror() {
    const { series, table } = this;
    if (!series) return;
    Object.assign(table.schema, { ranked: true, matchId: series.matchId, bestOf: series.bestOf, gameNumber: series.game, unrated: series.unrated ?? '', nextGameAt: this.nextGameAt });
    table.seats.forEach((record, index) => {
      const row = record && table.schema.players.get(record.id);
      if (!row) return;
      const player = playerInSeat(series, index as Seat);
      Object.assign(row, {
        seat: index + 1,
        playerId: player.playerId,
        rating: Math.round(player.rating),
        provisional: isProvisional(player),
        ratingChange: series.changes[player.playerId] ?? 0,
        wins: series.wins[player.playerId] ?? 0,
      });
    });
  }

  /**
   * A ranked game ended (and was saved): rate it exactly once, then either schedule the
   * series' next game or end the match. Also runs on a restored room whose process died in
   * between, which is why the store, not this room, guarantees "once".
   */
  private async settle() {
    const { table } = this;
    const current = this.series!;
    if (process.env.PARLOR_FAULT === 'crash_before_rating') process.kill(process.pid, 'SIGKILL'); // tests only
    try {
      // First: a replay after a failed rating finds the tournament's result written and writes nothing.
      if (current.tournamentId) await recordTournamentGame(table.services.tournaments, current, table.game() as GomokuState);
      // The pool's control and the time left after each action go into the match record.
      await settleGame(table.services.ranked, table.services.eligibility, current, table.game() as GomokuState, { control: table.schema.clock, left: table.clockReadings() });
    } catch (err) {
      table.log.error({ err }, 'rating update failed, retried on restore');
      return;
    }
    if (!current.finished) {
      this.scheduleNextGame(table.services.timings.nextGameMs);
      await table.save();
    }
    // Shown once saved: the ratings are in the database, the next game's start in the snapshot.
    this.mirror();
  }

  private scheduleNextGame(ms: number) {
    const { table } = this;
    this.nextGameAt = Date.now() + ms;
    table.setTimer('next_game', ms, () => void table.serial(async () => {
      await nextGame(table.services.ranked, table.services.eligibility, this.series!);
      // The new game's mirror, after its save, shows that none is due any more.
      this.nextGameAt = 0;
      // The other player opens this game: the sessions change seats.
      await table.newGame(true);
    }));
  }

  /** Other rooms' calls to this policy (the tournament director's berserk), through `matchMaker.remoteRoomCall`. */
  get calls() { return { berserk: (playerId: unknown) => goBerserk(this.table, this.series, playerId) }; }

  async create(serverOptions: Readonly<Record<string, unknown>>, options: Record<string, unknown>) {
    if (serverOptions.ranked === undefined) return;
    const ranked = v.parse(rankedOptionSchema, serverOptions.ranked);
    Object.assign(options, RANKED_RULES, { turnSeconds: RANKED_TURN_SECONDS });
    this.series = startSeries(ranked);
    this.table.schema.ranked = true;
    await recordMatchStart(this.table.services.ranked, this.series);
  }

  seatName(seat: SeatIndex, given: string) {
    return this.series ? playerInSeat(this.series, seat as Seat).name : given;
  }

  acted(seat: SeatIndex) {
    if (this.series) noteAction(this.series, seat as Seat);
  }

  ending() {
    if (this.series) this.series.unsettled = true;
  }

  async ended() {
    if (this.series) await this.settle();
  }

  keepsRoom() {
    return Boolean(this.series && !this.series.finished);
  }

  leftAfterEnd() {
    const { series, table } = this;
    if (!series || series.finished) return;
    table.clearTimer('next_game');
    // The match ends here and its room is removed: nothing to save, shown at once.
    this.nextGameAt = 0;
    table.schema.nextGameAt = 0;
    void endSeriesEarly(table.services.ranked, series).then(() => table.persistence.remove());
  }

  save() {
    return this.series ? { series: this.series, nextGameAt: this.nextGameAt } : null;
  }

  restore(data: unknown, downSince: number) {
    const saved = data as { series: SeriesData; nextGameAt: number } | null | undefined;
    if (!saved) return;
    const series = (this.series = saved.series);
    this.nextGameAt = 0;
    this.table.schema.ranked = true;
    if (!series.unsettled && !series.finished && saved.nextGameAt > 0) this.scheduleNextGame(Math.max(1000, saved.nextGameAt - downSince));
  }

  resumed() {
    // The process died between the end of a game and its rating update: finish it now.
    if (this.series?.unsettled) void this.table.serial(() => this.settle().then(() => this.table.afterChange()));
  }
}
