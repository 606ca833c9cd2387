/**
 * Arena tournaments in the database of record (PostgreSQL or PGlite): the event, who joined, and
 * every game. The director room keeps nothing else, so a director on any process carries on from
 * here after a crash. A game's result is written once: the game's row is finished only while it
 * is still open (`ended_at IS NULL`), in the same transaction as the two players' opening
 * histories, so a settlement replayed after a crash changes nothing.
 */
import type { Database, Queryable } from '../db/database';
import { newId } from '../ids';
import { SwissStore } from './swiss-store';

export type TournamentStatus = 'upcoming' | 'running' | 'finished';
export type TournamentKind = 'arena' | 'swiss';
export const TOURNAMENT_STATUSES: readonly TournamentStatus[] = ['upcoming', 'running', 'finished'];

export interface Tournament {
  id: string;
  name: string;
  kind: TournamentKind;
  status: TournamentStatus;
  startsAt: number;
  minutes: number;
  timeControl: string;
  createdBy: string;
  createdAt: number;
}

export const endsAt = (t: Pick<Tournament, 'startsAt' | 'minutes'>) => t.startsAt + t.minutes * 60_000;

/**
 * The status as the clock has it: an event starts and ends on time even while no director room is
 * open to write it (the stored status only moves forward, written by the director). A Swiss event
 * has no clock end: its director finishes it after the last round.
 */
export function statusAt(t: Pick<Tournament, 'status' | 'startsAt' | 'minutes'> & { kind?: TournamentKind }, now: number): TournamentStatus {
  if (t.status === 'finished' || (t.kind !== 'swiss' && now >= endsAt(t))) return 'finished';
  return now >= t.startsAt ? 'running' : 'upcoming';
}

/** The same, as SQL over a tournaments row, for listing by status. */
const STATUS_WHERE: Record<TournamentStatus, string> = {
  upcoming: `status <> 'finished' AND starts_at > $1`,
  running: `status <> 'finished' AND starts_at <= $1 AND (kind = 'swiss' OR starts_at + minutes * 60000 > $1)`,
  finished: `(status = 'finished' OR (kind <> 'swiss' AND starts_at + minutes * 60000 <= $1))`,
};

export interface TournamentPlayer {
  playerId: string;
  name: string;
  rating: number;
  joinedAt: number;
  withdrawn: boolean;
  opened: number;
  games: number;
  openerStreak: number;
  lastOpponent: string | null;
}

export type GameWinner = 'opener' | 'follower' | 'draw';

export interface TournamentGame {
  id: string;
  roomId: string;
  opener: string;
  follower: string;
  openerBerserk: boolean;
  followerBerserk: boolean;
  startedAt: number;
  endedAt: number | null;
  result: GameWinner | null;
  openerMoves: number;
  followerMoves: number;
  counted: boolean | null;
}

export interface GameResult {
  gameId: string;
  result: GameWinner;
  openerMoves: number;
  followerMoves: number;
  endedAt: number;
  /** Berserks the game's room accepted (added to any the director wrote when it did). */
  openerBerserk?: boolean;
  followerBerserk?: boolean;
}

/** Upcoming events one account may have at once. */
export const MAX_UPCOMING_PER_ACCOUNT = 3;

const EVENT_COLUMNS = 'id, name, kind, status, starts_at, minutes, time_control, created_by, created_at';
interface EventRow {
  id: string; name: string; kind: TournamentKind; status: TournamentStatus; starts_at: number; minutes: number; time_control: string; created_by: string; created_at: number;
}
const eventOf = (r: EventRow, now: number): Tournament => ({
  id: r.id, name: r.name, kind: r.kind, status: statusAt({ kind: r.kind, status: r.status, startsAt: Number(r.starts_at), minutes: r.minutes }, now), startsAt: Number(r.starts_at), minutes: r.minutes, timeControl: r.time_control, createdBy: r.created_by, createdAt: Number(r.created_at),
});

interface GameRow {
  id: string; room_id: string; opener: string; follower: string; opener_berserk: boolean; follower_berserk: boolean;
  started_at: number; ended_at: number | null; result: GameWinner | null; opener_moves: number; follower_moves: number; counted: boolean | null;
}
const gameOf = (r: GameRow): TournamentGame => ({
  id: r.id, roomId: r.room_id, opener: r.opener, follower: r.follower, openerBerserk: r.opener_berserk, followerBerserk: r.follower_berserk,
  startedAt: Number(r.started_at), endedAt: r.ended_at === null ? null : Number(r.ended_at), result: r.result,
  openerMoves: r.opener_moves, followerMoves: r.follower_moves, counted: r.counted,
});

/**
 * Moves the event's standings version (migration 007): in the transaction of every write that
 * changes its standings, as its last statement, so the counter's lock is always taken last.
 */
const bumpStandings = (tx: Queryable, id: string) => tx.query('UPDATE tournaments SET standings_version = standings_version + 1 WHERE id = $1', [id]);

export type CreateResult = { ok: true; tournament: Tournament } | { ok: false; code: 'too_many_events'; message: string };
export type JoinResult = 'joined' | 'unknown_event' | 'event_finished';

export class TournamentStore {
  /** Swiss events' rounds, byes and absences (swiss-store.ts). */
  readonly swiss: SwissStore;

  constructor(private readonly db: Database) {
    this.swiss = new SwissStore(db);
  }

  /**
   * A new event (an arena by default; a Swiss one with its number of rounds), refused past the
   * creator's cap of upcoming events (counted under a lock on the creator's row).
   */
  async create(input: { name: string; startsAt: number; minutes: number; timeControl: string; createdBy: string; kind?: TournamentKind; rounds?: number }, now = Date.now()): Promise<CreateResult> {
    return this.db.transaction(async (tx) => {
      // The creator's row is the lock: two creations at once by one account are counted one after the other.
      await tx.query('SELECT id FROM players WHERE id = $1 FOR UPDATE', [input.createdBy]);
      const [{ n }] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM tournaments WHERE created_by = $2 AND ${STATUS_WHERE.upcoming}`, [now, input.createdBy]);
      if (n >= MAX_UPCOMING_PER_ACCOUNT) return { ok: false, code: 'too_many_events', message: `an account may have at most ${MAX_UPCOMING_PER_ACCOUNT} upcoming events` };
      const t: Tournament = { id: newId(), name: input.name, kind: input.kind ?? 'arena', status: 'upcoming', startsAt: input.startsAt, minutes: input.minutes, timeControl: input.timeControl, createdBy: input.createdBy, createdAt: now };
      await tx.query(`INSERT INTO tournaments (${EVENT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [t.id, t.name, t.kind, t.status, t.startsAt, t.minutes, t.timeControl, t.createdBy, t.createdAt]);
      if (t.kind === 'swiss') await this.swiss.createRounds(tx, t.id, input.rounds ?? 1);
      return { ok: true, tournament: t };
    });
  }

  /** The event, its status as the clock has it (statusAt). */
  async event(id: string, now = Date.now()): Promise<Tournament | null> {
    const rows = await this.db.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM tournaments WHERE id = $1`, [id]);
    return rows.length ? eventOf(rows[0], now) : null;
  }

  /**
   * The event with its standings version (bumped by every write that changes its standings): one
   * read of its row tells a process whether the standings it kept are still current.
   */
  async versionedEvent(id: string, now = Date.now()): Promise<{ event: Tournament; standingsVersion: number } | null> {
    const rows = await this.db.query<EventRow & { standings_version: number | string }>(`SELECT ${EVENT_COLUMNS}, standings_version FROM tournaments WHERE id = $1`, [id]);
    return rows.length ? { event: eventOf(rows[0], now), standingsVersion: Number(rows[0].standings_version) } : null;
  }

  /** Events of one status (as the clock has it): upcoming and running soonest first, finished latest first; `offset` skips that many. */
  async list(status: TournamentStatus, limit: number, now = Date.now(), offset = 0): Promise<Tournament[]> {
    const order = status === 'finished' ? 'starts_at DESC' : 'starts_at ASC';
    const rows = await this.db.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM tournaments WHERE ${STATUS_WHERE[status]} ORDER BY ${order}, id LIMIT $2 OFFSET $3`, [now, limit, offset]);
    return rows.map((r) => eventOf(r, now));
  }

  /** Moves the status forward only (upcoming → running → finished): a late writer never moves it back. */
  async advance(id: string, status: TournamentStatus): Promise<void> {
    const before = status === 'running' ? ['upcoming'] : status === 'finished' ? ['upcoming', 'running'] : [];
    await this.db.query('UPDATE tournaments SET status = $2 WHERE id = $1 AND status = ANY($3::text[])', [id, status, before]);
  }

  /**
   * The director's lease: taken when free, lapsed, or already this director's; renewed by taking it
   * again. Only its holder pairs, so two director rooms for one event (two processes) never both do.
   */
  async claimDirector(id: string, director: string, leaseMs: number, now = Date.now()): Promise<boolean> {
    const rows = await this.db.query(
      'UPDATE tournaments SET director = $2, director_until = $3 WHERE id = $1 AND (director IS NULL OR director = $2 OR director_until < $4) RETURNING id',
      [id, director, now + leaseMs, now],
    );
    return rows.length === 1;
  }

  async releaseDirector(id: string, director: string): Promise<void> {
    await this.db.query('UPDATE tournaments SET director = NULL, director_until = 0 WHERE id = $1 AND director = $2', [id, director]);
  }

  /** Joins (or comes back from a pause): refused once the event is over. */
  async join(id: string, playerId: string, now = Date.now()): Promise<JoinResult> {
    const event = await this.event(id, now);
    if (!event) return 'unknown_event';
    if (event.status === 'finished') return 'event_finished';
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO tournament_players (tournament_id, player_id, joined_at) VALUES ($1, $2, $3)
         ON CONFLICT (tournament_id, player_id) DO UPDATE SET withdrawn = false`,
        [id, playerId, now],
      );
      await bumpStandings(tx, id);
    });
    return 'joined';
  }

  /** Pauses a player (no more pairings; results kept). False when they never joined. */
  async withdraw(id: string, playerId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const paused = (await tx.query('UPDATE tournament_players SET withdrawn = true WHERE tournament_id = $1 AND player_id = $2 RETURNING player_id', [id, playerId])).length === 1;
      if (paused) await bumpStandings(tx, id);
      return paused;
    });
  }

  /** Marks the player's game in progress as berserked; false with no game in progress. */
  async berserk(id: string, playerId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query(
        `UPDATE tournament_games SET opener_berserk = opener_berserk OR opener = $2, follower_berserk = follower_berserk OR follower = $2
         WHERE tournament_id = $1 AND ended_at IS NULL AND (opener = $2 OR follower = $2) RETURNING id`,
        [id, playerId],
      );
      if (rows.length) await bumpStandings(tx, id);
      return rows.length > 0;
    });
  }

  /** The player's game in play in this event, if any. */
  async gameInPlay(id: string, playerId: string): Promise<TournamentGame | null> {
    const rows = await this.db.query<GameRow>(
      'SELECT * FROM tournament_games WHERE tournament_id = $1 AND ended_at IS NULL AND (opener = $2 OR follower = $2) ORDER BY started_at DESC LIMIT 1',
      [id, playerId],
    );
    return rows.length ? gameOf(rows[0]) : null;
  }

  async players(id: string): Promise<TournamentPlayer[]> {
    const rows = await this.db.query<{
      player_id: string; name: string; rating: number; joined_at: number; withdrawn: boolean; opened: number; games: number; opener_streak: number; last_opponent: string | null;
    }>(
      `SELECT tp.player_id, p.name, p.rating, tp.joined_at, tp.withdrawn, tp.opened, tp.games, tp.opener_streak, tp.last_opponent
       FROM tournament_players tp JOIN players p ON p.id = tp.player_id WHERE tp.tournament_id = $1 ORDER BY tp.joined_at, tp.player_id`,
      [id],
    );
    return rows.map((r) => ({
      playerId: r.player_id, name: r.name, rating: r.rating, joinedAt: Number(r.joined_at), withdrawn: r.withdrawn,
      opened: r.opened, games: r.games, openerStreak: r.opener_streak, lastOpponent: r.last_opponent,
    }));
  }

  /** Every game of the event, finished ones in the order they ended, then the ones in play. */
  async games(id: string): Promise<TournamentGame[]> {
    return (await this.db.query<GameRow>('SELECT * FROM tournament_games WHERE tournament_id = $1 ORDER BY ended_at ASC NULLS LAST, started_at, id', [id])).map(gameOf);
  }

  /** A game paired: written before the players hear of it (once: the match id is the key). */
  async startGame(tournamentId: string, game: { id: string; roomId: string; opener: string; follower: string; startedAt: number }): Promise<void> {
    await this.db.transaction(async (tx) => {
      const rows = await tx.query(
        `INSERT INTO tournament_games (id, tournament_id, room_id, opener, follower, started_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [game.id, tournamentId, game.roomId, game.opener, game.follower, game.startedAt],
      );
      if (rows.length) await bumpStandings(tx, tournamentId);
    });
  }

  /** Voids a game that can never end (its room is gone: lost-games.ts): its players are free again. False when it has ended. */
  async voidGame(tournamentId: string, gameId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query('DELETE FROM tournament_games WHERE id = $1 AND tournament_id = $2 AND ended_at IS NULL RETURNING id', [gameId, tournamentId]);
      if (rows.length) await bumpStandings(tx, tournamentId);
      return rows.length === 1;
    });
  }

  /**
   * A game's result, once: the row is finished only while open, with the players' opening
   * histories and last opponents in the same transaction. False when it was finished already
   * (a replay) or is no tournament game.
   */
  async finishGame(r: GameResult): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query<GameRow & { tournament_id: string; starts_at: number; minutes: number }>(
        `UPDATE tournament_games g SET ended_at = $2, result = $3, opener_moves = $4, follower_moves = $5, counted = (t.kind = 'swiss' OR $2 <= t.starts_at + t.minutes * 60000),
           opener_berserk = g.opener_berserk OR $6, follower_berserk = g.follower_berserk OR $7
         FROM tournaments t WHERE g.id = $1 AND g.ended_at IS NULL AND t.id = g.tournament_id RETURNING g.*`,
        [r.gameId, r.endedAt, r.result, r.openerMoves, r.followerMoves, r.openerBerserk ?? false, r.followerBerserk ?? false],
      );
      if (!rows.length) return false;
      const g = rows[0];
      for (const [player, opponent, opened] of [[g.opener, g.follower, true], [g.follower, g.opener, false]] as const) {
        await tx.query(
          `UPDATE tournament_players SET games = games + 1, opened = opened + $4::int, last_opponent = $3,
             opener_streak = CASE WHEN $4::int = 1 THEN GREATEST(opener_streak, 0) + 1 ELSE LEAST(opener_streak, 0) - 1 END
           WHERE tournament_id = $1 AND player_id = $2`,
          [g.tournament_id, player, opponent, opened ? 1 : 0],
        );
      }
      await bumpStandings(tx, g.tournament_id);
      return true;
    });
  }

  /** The database is the services' to close. */
  async close(): Promise<void> {}
}
