/**
 * An arena's standings kept between requests, in this process: `GET /api/tournaments/:id` at
 * 10,000 players would otherwise read 50,000 game rows and rebuild every sheet (arena-table.ts) for
 * each page. A kept copy is served while the event's standings version (bumped in the transaction
 * of every write that changes them: tournament-store.ts) is the one it was built at; that version
 * comes with the event's own row, which the page reads anyway, so a process never serves another
 * process's stale copy and a current copy costs no query beyond that one row. The most recently
 * read events are kept, at most `maxEvents` and `maxRows` standings rows together.
 */
import { arenaTable } from './arena-table';
import type { ArenaScore } from '../../shared/tournament/arena-sheet';
import { listedGames, type ListedGame } from './listed-games';
import type { Tournament, TournamentStore } from './tournament-store';

/** One standings row as the page sends it. */
export interface StandingsRow {
  rank: number; playerId: string; name: string; rating: number; score: number; fire: boolean; performance: number | null; paused: boolean;
  sheet: Pick<ArenaScore, 'result' | 'flag' | 'berserk' | 'afterEnd' | 'points'>[];
}

/** An event's standings as built at one version. */
export interface KeptStandings {
  version: number;
  /** The whole table, in rank order. */
  standings: readonly StandingsRow[];
  players: number;
  games: readonly ListedGame[];
}

/** Events kept unless told otherwise: the busy ones of a day. */
export const KEPT_EVENTS = 50;
/**
 * Standings rows kept across events unless told otherwise (a row with a sheet of ten games is roughly 1 kB:
 * about 100 MB), so fifty events of 10,000 players are not all held; the latest read is always kept.
 */
export const KEPT_ROWS = 100_000;

export class ArenaStandingsCache {
  /** Insertion order is recency: a read moves its event to the end, the first one is the least recent. */
  private readonly kept = new Map<string, KeptStandings>();
  /** Builds under way, by event. */
  private readonly building = new Map<string, { version: number; built: Promise<KeptStandings> }>();

  /** Standings rows of the kept events, together. */
  private rows = 0;

  constructor(private readonly store: TournamentStore, private readonly maxEvents = KEPT_EVENTS, private readonly maxRows = KEPT_ROWS) {}

  /** The event's standings at `version` (the event's row, read just before): the kept copy, or rebuilt from the rows. */
  async standings(event: Tournament, version: number): Promise<KeptStandings> {
    const kept = this.kept.get(event.id);
    // A copy at a later version (another request read the row after a newer write) is as good.
    if (kept && kept.version >= version) {
      this.kept.delete(event.id);
      this.kept.set(event.id, kept);
      return kept;
    }
    // Requests that find the copy stale at once share one build (a build costs seconds of reads and CPU at 10,000 players).
    const pending = this.building.get(event.id);
    if (pending && pending.version >= version) return pending.built;
    const built = this.build(event, version);
    this.building.set(event.id, { version, built });
    try {
      const standings = await built;
      // A later version built meanwhile wins.
      const now = this.kept.get(event.id);
      if (!now || now.version <= version) {
        this.drop(event.id);
        this.kept.set(event.id, standings);
        this.rows += standings.standings.length;
        while (this.kept.size > this.maxEvents || (this.rows > this.maxRows && this.kept.size > 1)) this.drop(this.kept.keys().next().value!);
      }
      return standings;
    } finally {
      if (this.building.get(event.id)?.built === built) this.building.delete(event.id);
    }
  }

  /**
   * The table from the event's rows, read after its version: a write in between makes them newer
   * than the label, never older, and the next read, seeing the new version, builds again.
   */
  private async build(event: Tournament, version: number): Promise<KeptStandings> {
    const [players, games] = await Promise.all([this.store.players(event.id), this.store.games(event.id)]);
    return {
      version,
      standings: arenaTable(event, players, games).map((r) => ({
        rank: r.rank, playerId: r.playerId, name: r.name, rating: r.rating, score: r.score, fire: r.fire, performance: r.performance, paused: r.withdrawn,
        sheet: r.sheet.scores.map((s) => ({ result: s.result, flag: s.flag, berserk: s.berserk, afterEnd: s.afterEnd, points: s.points })),
      })),
      players: players.length,
      games: listedGames(games, players),
    };
  }

  private drop(id: string): void {
    const kept = this.kept.get(id);
    if (!kept) return;
    this.rows -= kept.standings.length;
    this.kept.delete(id);
  }

  /** Events kept now (for tests of the bound). */
  get size(): number {
    return this.kept.size;
  }
}
