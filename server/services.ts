/**
 * The stores rooms and routes use, created once at start-up and handed to what needs them. All
 * of them are in the database of record (server/db/: PostgreSQL with DATABASE_URL, else PGlite
 * in DATA_DIR), so they survive restarts and a lost Redis, and every process shares them. Redis
 * (REDIS_URL) keeps only what is live: presence, room snapshots, the driver, rate limits, the
 * ranked queue.
 */
import type { Database } from './db/database';
import { log } from './log';
import { SqlRankedStore, type RankedStore } from './stores/ranked-store';
import { SqlCounterStore, type CounterStore } from './stores/counter-store';
import { SqlHighScoreStore, type HighScoreStore } from './stores/high-scores';
import { SqlQTableStore, type QTableStore } from './stores/q-table-store';
import { SqlFinishedGameStore, type FinishedGameStore } from './stores/finished-games';
import { TournamentStore } from './tournaments/tournament-store';
import type { RoomStore } from './persistence/room-store';
import type { OnlineRegistry } from './presence/online';
import type { FloodLimits } from './limits';
import type { RoomBudget } from './guards/room-budget';

/**
 * What the process hands every room (the tables and the ranked queue) besides the stores: where
 * rooms are saved, presence, and the guards' settings, all from the config at start-up (app.ts).
 */
export interface RoomServices {
  /** Where rooms are saved before anyone sees a change (Redis); null without Redis: nothing is saved. */
  store: RoomStore | null;
  /** Who is online where (the lobby's list). */
  presence: OnlineRegistry;
  /** Flood control's limits on each connection's frames. */
  flood: FloodLimits;
  /** The rooms each address may make and hold. */
  budget: RoomBudget;
  /** Trusted proxy hops in front of the server (TRUST_PROXY): where a client's address is read. */
  trustProxy: number;
}

export interface Services {
  /** The database of record (server/db/): opening in the background at start, closed with the services. */
  db: Database;
  ranked: RankedStore;
  counters: CounterStore;
  qTable: QTableStore;
  highScores: HighScoreStore;
  /** Finished games, for replays at `#/replay/<id>`. */
  history: FinishedGameStore;
  /** Arena tournaments: events, players, games (server/tournaments/). */
  tournaments: TournamentStore;
  close(): Promise<void>;
}

/** How often expired statistics groups and casual games past their retention are deleted. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** `ownsDb`: false when the caller (a test) opened the database and closes it itself. */
export function openServices(db: Database, ownsDb = true): Services {
  const counters = new SqlCounterStore(db);
  const history = new SqlFinishedGameStore(db);
  // Every process prunes: the DELETEs are idempotent, and cheap on the indexes they use.
  const prune = () =>
    void Promise.all([counters.prune(), history.prune()]).catch((err: unknown) => log.warn({ err }, `pruning expired data failed: ${(err as Error).message}`));
  const pruning = setInterval(prune, PRUNE_EVERY_MS);
  pruning.unref();
  let closing: Promise<void> | null = null;
  const services: Services = {
    db,
    ranked: new SqlRankedStore(db),
    counters,
    qTable: new SqlQTableStore(db),
    highScores: new SqlHighScoreStore(db),
    history,
    tournaments: new TournamentStore(db),
    // Once, whoever asks first (the shutdown of a signal, or stop()).
    close() {
      closing ??= (async () => {
        clearInterval(pruning);
        await Promise.all([services.ranked.close(), services.counters.close(), services.qTable.close(), services.highScores.close(), services.history.close()]);
        if (ownsDb) await db.close();
      })();
      return closing;
    },
  };
  return services;
}
