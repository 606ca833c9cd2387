/**
 * Swiss events in the database of record (migration 006_swiss.sql): the number of rounds and the
 * round in play, which round each game belongs to, and the rounds a player scored without a game
 * (bye, late join, absence). A round is started in one transaction — its games, bye and absences
 * with the round number moved from n to n + 1 only by the lease holder — before anyone hears of it,
 * so a director that dies half way wrote nothing, and two directors never start the same round.
 */
import { lateJoin, MAX_MISSED_STARTS } from '../../shared/tournament/swiss-attendance';
import type { Database, Queryable } from '../db/database';

export interface SwissProgress {
  rounds: number;
  /** The last round started; 0 before the first. */
  round: number;
  roundStartedAt: number;
}

export type UnplayedKind = 'bye' | 'late' | 'absent';

export interface SwissUnplayed {
  playerId: string;
  round: number;
  kind: UnplayedKind;
  points: 0 | 0.5 | 1;
}

export interface SwissPlayerExtras {
  missedStarts: number;
  floatedDown: boolean;
}

/** Everything Swiss about an event beyond the arena's rows. */
export interface SwissRecordRows {
  progress: SwissProgress;
  unplayed: SwissUnplayed[];
  extras: Map<string, SwissPlayerExtras>;
  /** Game id → round. */
  gameRound: Map<string, number>;
}

export interface RoundStart {
  tournamentId: string;
  director: string;
  round: number;
  now: number;
  games: { id: string; roomId: string; opener: string; follower: string; openerKey: string; followerKey: string }[];
  bye: string | null;
  /** Not paired this round: absent at its start (counted) or withdrawn (not counted). */
  absent: { playerId: string; missedStarts: number; withdrawn: boolean }[];
  /** Every paired player's down-float this round (false for the others). */
  floatedDown: string[];
}

/** A player's game in play in a Swiss event, with the key of their seat. */
export interface OpenSeat {
  gameId: string;
  roomId: string;
  round: number;
  seat: 1 | 2;
  seatKey: string;
}

/** Who sat down to a game that never began: the other one loses by forfeit; nobody, both do. */
export type NoShowResult = 'opener' | 'follower' | 'none';

export type SwissJoinResult = 'joined' | 'unknown_event' | 'event_finished' | 'late_join_closed';

export class SwissStore {
  constructor(private readonly db: Database) {}

  /** A Swiss event's rounds, written with the event (in its creation's transaction). */
  async createRounds(tx: Queryable, tournamentId: string, rounds: number): Promise<void> {
    await tx.query('INSERT INTO swiss_events (tournament_id, rounds) VALUES ($1, $2)', [tournamentId, rounds]);
  }

  async progress(tournamentId: string): Promise<SwissProgress | null> {
    const rows = await this.db.query<{ rounds: number; round: number; round_started_at: number }>(
      'SELECT rounds, round, round_started_at FROM swiss_events WHERE tournament_id = $1', [tournamentId]);
    return rows.length ? { rounds: rows[0].rounds, round: rows[0].round, roundStartedAt: Number(rows[0].round_started_at) } : null;
  }

  /** Rounds and round in play of several events at once (the list page). */
  async progressOf(ids: readonly string[]): Promise<Map<string, SwissProgress>> {
    if (!ids.length) return new Map();
    const rows = await this.db.query<{ tournament_id: string; rounds: number; round: number; round_started_at: number }>(
      'SELECT tournament_id, rounds, round, round_started_at FROM swiss_events WHERE tournament_id = ANY($1::text[])', [ids]);
    return new Map(rows.map((r) => [r.tournament_id, { rounds: r.rounds, round: r.round, roundStartedAt: Number(r.round_started_at) }]));
  }

  async records(tournamentId: string): Promise<SwissRecordRows | null> {
    const [progress, unplayed, extras, rounds] = await Promise.all([
      this.progress(tournamentId),
      this.db.query<{ player_id: string; round: number; kind: UnplayedKind; half_points: number }>(
        'SELECT player_id, round, kind, half_points FROM swiss_unplayed WHERE tournament_id = $1 ORDER BY round, player_id', [tournamentId]),
      this.db.query<{ player_id: string; missed_starts: number; floated_down: boolean }>(
        'SELECT player_id, missed_starts, floated_down FROM tournament_players WHERE tournament_id = $1', [tournamentId]),
      this.db.query<{ id: string; round: number }>('SELECT id, round FROM tournament_games WHERE tournament_id = $1 AND round IS NOT NULL', [tournamentId]),
    ]);
    if (!progress) return null;
    return {
      progress,
      unplayed: unplayed.map((r) => ({ playerId: r.player_id, round: r.round, kind: r.kind, points: (r.half_points / 2) as 0 | 0.5 | 1 })),
      extras: new Map(extras.map((r) => [r.player_id, { missedStarts: r.missed_starts, floatedDown: r.floated_down }])),
      gameRound: new Map(rounds.map((r) => [r.id, r.round])),
    };
  }

  /**
   * Joins, or comes back after a withdrawal (absences forgiven), while late joining is open: a
   * newcomer after round n has started misses rounds 1..n, scored as `lateJoin` says, in the same
   * transaction (the event's row locked, so a round cannot start in between).
   */
  async join(tournamentId: string, playerId: string, now = Date.now()): Promise<SwissJoinResult> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query<{ status: string; rounds: number; round: number }>(
        `SELECT t.status, s.rounds, s.round FROM tournaments t JOIN swiss_events s ON s.tournament_id = t.id WHERE t.id = $1 FOR UPDATE OF s`, [tournamentId]);
      if (!rows.length) return 'unknown_event';
      const { status, rounds, round } = rows[0];
      if (status === 'finished' || round >= rounds) return 'event_finished';
      const known = await tx.query('SELECT player_id FROM tournament_players WHERE tournament_id = $1 AND player_id = $2', [tournamentId, playerId]);
      if (known.length) {
        await tx.query('UPDATE tournament_players SET withdrawn = false, missed_starts = 0 WHERE tournament_id = $1 AND player_id = $2 AND withdrawn', [tournamentId, playerId]);
        return 'joined';
      }
      const late = lateJoin(round + 1, rounds);
      if (!late.ok) return late.code === 'late-join-closed' ? 'late_join_closed' : 'event_finished';
      await tx.query('INSERT INTO tournament_players (tournament_id, player_id, joined_at) VALUES ($1, $2, $3)', [tournamentId, playerId, now]);
      for (const [i, points] of late.missedScores.entries()) {
        await tx.query(`INSERT INTO swiss_unplayed (tournament_id, player_id, round, kind, half_points) VALUES ($1, $2, $3, 'late', $4)`, [tournamentId, playerId, i + 1, points * 2]);
      }
      return 'joined';
    });
  }

  /**
   * Starts a round: false (and nothing written) unless this director holds the lease and the
   * event's last round is the one before. Games, bye, absences, withdrawals by absence and
   * down-floats go in with the round number.
   */
  async startRound(r: RoundStart): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const moved = await tx.query(
        `UPDATE swiss_events s SET round = $2, round_started_at = $3 FROM tournaments t
         WHERE s.tournament_id = $1 AND t.id = s.tournament_id AND s.round = $2 - 1 AND t.director = $4 AND t.director_until >= $3 RETURNING s.round`,
        [r.tournamentId, r.round, r.now, r.director]);
      if (!moved.length) return false;
      for (const g of r.games) {
        await tx.query('INSERT INTO tournament_games (id, tournament_id, room_id, opener, follower, started_at, round, opener_key, follower_key) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
          [g.id, r.tournamentId, g.roomId, g.opener, g.follower, r.now, r.round, g.openerKey, g.followerKey]);
      }
      const unplayed = (playerId: string, kind: UnplayedKind, halfPoints: number) =>
        tx.query('INSERT INTO swiss_unplayed (tournament_id, player_id, round, kind, half_points) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
          [r.tournamentId, playerId, r.round, kind, halfPoints]);
      if (r.bye) await unplayed(r.bye, 'bye', 2);
      for (const a of r.absent) {
        await unplayed(a.playerId, 'absent', 0);
        await tx.query('UPDATE tournament_players SET missed_starts = $3, withdrawn = withdrawn OR $4 WHERE tournament_id = $1 AND player_id = $2',
          [r.tournamentId, a.playerId, a.missedStarts, a.withdrawn]);
      }
      // Everyone else in the event (one who joined while the round was being paired, too) has the round as an absence:
      // one outcome per round and player.
      await tx.query(
        `INSERT INTO swiss_unplayed (tournament_id, player_id, round, kind, half_points)
         SELECT tp.tournament_id, tp.player_id, $2, 'absent', 0 FROM tournament_players tp WHERE tp.tournament_id = $1
           AND NOT EXISTS (SELECT 1 FROM tournament_games g WHERE g.tournament_id = $1 AND g.round = $2 AND (g.opener = tp.player_id OR g.follower = tp.player_id))
         ON CONFLICT DO NOTHING`,
        [r.tournamentId, r.round]);
      await tx.query('UPDATE tournament_players SET floated_down = (player_id = ANY($2::text[])) WHERE tournament_id = $1', [r.tournamentId, r.floatedDown]);
      return true;
    });
  }

  /** The player's game still in play (at most one: a round's games end before the next starts), with their seat's key. */
  async openSeat(tournamentId: string, playerId: string): Promise<OpenSeat | null> {
    const rows = await this.db.query<{ id: string; room_id: string; round: number; opener: string; opener_key: string | null; follower_key: string | null }>(
      `SELECT id, room_id, round, opener, opener_key, follower_key FROM tournament_games
       WHERE tournament_id = $1 AND round IS NOT NULL AND ended_at IS NULL AND (opener = $2 OR follower = $2) ORDER BY round DESC LIMIT 1`, [tournamentId, playerId]);
    if (!rows.length) return null;
    const r = rows[0];
    const seat = r.opener === playerId ? 1 : 2;
    const seatKey = seat === 1 ? r.opener_key : r.follower_key;
    return seatKey ? { gameId: r.id, roomId: r.room_id, round: r.round, seat, seatKey } : null;
  }

  /**
   * A game nobody (or one player only) sat down to, decided by forfeit — once, while still open:
   * the one who came wins, and each player who did not has missed a round's start (the second
   * withdraws them; not for a room the server lost: `countAbsence` false). A forfeit is no game
   * played: the opening histories stay as they were.
   */
  async forfeit(gameId: string, result: NoShowResult, now: number, countAbsence = true): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query<{ tournament_id: string; opener: string; follower: string }>(
        'UPDATE tournament_games SET ended_at = $2, result = $3, counted = true WHERE id = $1 AND ended_at IS NULL AND round IS NOT NULL RETURNING tournament_id, opener, follower',
        [gameId, now, result]);
      if (!rows.length) return false;
      const g = rows[0];
      if (!countAbsence) return true;
      const absent = result === 'opener' ? [g.follower] : result === 'follower' ? [g.opener] : [g.opener, g.follower];
      await tx.query(
        'UPDATE tournament_players SET missed_starts = missed_starts + 1, withdrawn = withdrawn OR missed_starts + 1 >= $3 WHERE tournament_id = $1 AND player_id = ANY($2::text[])',
        [g.tournament_id, absent, MAX_MISSED_STARTS]);
      return true;
    });
  }
}
