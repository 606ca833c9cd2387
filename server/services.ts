/**
 * The stores rooms and routes use, created once at start-up and handed to what needs them. All
 * of them are in the database of record (server/db/: PostgreSQL with DATABASE_URL, else PGlite
 * in DATA_DIR), so they survive restarts and a lost Redis, and every process shares them. Redis
 * (REDIS_URL) keeps only what is live: presence, room snapshots, the driver, rate limits, the
 * ranked queue. Besides the stores, what the process keeps for itself and was read from the
 * config once at start: the ranked rules and the Gomoku computer (its worker threads, its line and
 * the live games each address holds). Nothing of it is a module global: two servers started in one
 * process (tests) each have their own.
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
import type { SharedHandshakes } from './table/shared-handshake';
import type { ComputerLimits, RankedRules } from './limits';
import { timingsOf, type Timings } from './timings';
import { RankedEligibility } from './ranked/eligibility';
import { GomokuComputer } from './games/gomoku/computer';
import type { ParlorMetrics } from './metrics';
import { SlidingWindows } from './guards/sliding-window';
import { AccountTokens } from './accounts/tokens';
import type Redis from 'ioredis';

/**
 * What the process hands every room (the tables and the ranked queue) besides the stores: where
 * rooms are saved, presence, and the guards' settings, all from the config at start-up (app.ts).
 */
export interface RoomServices {
  /** Where rooms are saved before anyone sees a change (Redis); null without Redis: nothing is saved. */
  store: RoomStore | null;
  /** Who is online where (the lobby's list, `/api/online`): not Colyseus's presence (its pub/sub between processes). */
  online: OnlineRegistry;
  /** Flood control's limits on each connection's frames. */
  flood: FloodLimits;
  /** The rooms each address may make and hold. */
  budget: RoomBudget;
  /** Trusted proxy hops in front of the server (TRUST_PROXY): where a client's address is read. */
  trustProxy: number;
  /** One encoding of each game's schema types for all its rooms (table/shared-handshake.ts). */
  handshakes: SharedHandshakes;
  /** This server's metrics (served at /metrics). */
  metrics: ParlorMetrics;
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
  /** Who may play rated games and which games count: the operator's ranked rules (ranked/eligibility.ts). */
  eligibility: RankedEligibility;
  /** The Gomoku computer: its worker threads, its waiting line, the live games against it (games/gomoku/computer.ts). */
  computer: GomokuComputer;
  /** Sliding windows a game counts in (the Tic Tac Toe AI's learning per address), in Redis when there is one. */
  windows: SlidingWindows;
  /** Room timings, read once from the config at start (timings.ts). */
  timings: Timings;
  /** The account tokens' secret: signs and checks them (accounts/tokens.ts); loaded after the server listens (app.ts). */
  tokens: AccountTokens;
  close(): Promise<void>;
}

/** The settings the services take from the config at start. */
export interface ServiceSettings {
  rankedRules?: Partial<RankedRules>;
  computerLimits: ComputerLimits;
  timings?: Partial<Timings>;
  /** Where the computer's decisions are counted and its line is watched. */
  metrics?: ParlorMetrics;
  /** The HTTP limits' Redis connection, which shared windows count in (none without REDIS_URL). */
  redis?: Redis;
}

/** How often expired statistics groups and casual games past their retention are deleted. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** `ownsDb`: false when the caller (a test) opened the database and closes it itself. */
export function openServices(db: Database, settings: ServiceSettings, ownsDb = true): Services {
  const counters = new SqlCounterStore(db);
  const history = new SqlFinishedGameStore(db);
  // Every process prunes: the DELETEs are idempotent, and cheap on the indexes they use.
  const prune = () =>
    void Promise.all([counters.prune(), history.prune()]).catch((err: unknown) => log.warn({ err }, `pruning expired data failed: ${(err as Error).message}`));
  const pruning = setInterval(prune, PRUNE_EVERY_MS);
  pruning.unref();
  let closing: Promise<void> | null = null;
  const computer = new GomokuComputer(settings.computerLimits, (outcome) => settings.metrics?.computerDecision(outcome));
  settings.metrics?.watchComputer(() => ({ games: computer.games.live, waiting: computer.waiting, thinking: computer.thinking }));
  const services: Services = {
    db,
    ranked: new SqlRankedStore(db),
    counters,
    qTable: new SqlQTableStore(db),
    highScores: new SqlHighScoreStore(db),
    history,
    tournaments: new TournamentStore(db),
    eligibility: new RankedEligibility(settings.rankedRules),
    computer,
    windows: new SlidingWindows(settings.redis),
    tokens: new AccountTokens(),
    timings: timingsOf(settings.timings),
    // Once, whoever asks first (the shutdown of a signal, or stop()).
    close() {
      closing ??= (async () => {
        clearInterval(pruning);
        services.computer.close();
        await Promise.all([services.ranked.close(), services.counters.close(), services.qTable.close(), services.highScores.close(), services.history.close()]);
        if (ownsDb) await db.close();
      })();
      return closing;
    },
  };
  return services;
}
