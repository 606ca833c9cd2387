/**
 * Server configuration from the environment, validated here and nowhere else; every variable
 * is listed in the README. Tests build a `ParlorConfig` by hand: the fields after `authSecret`
 * are optional and take the defaults below when left out.
 */
import path from 'node:path';
import { LOG_LEVELS, type LogLevel } from './log';
import { CLIENT_DIR } from './paths';
import { timingsFromEnv, type Timings } from './timings';
import { assertStrongAuthSecret } from './accounts/auth-secret';
import {
  DEFAULT_COMPUTER_LIMITS, DEFAULT_FLOOD_LIMITS, DEFAULT_RANKED_RULES, DEFAULT_RATE_LIMITS, DEFAULT_ROOM_LIMITS,
  type ComputerLimits, type FloodLimits, type RankedRules, type RateLimitRule, type RateLimitSettings, type RoomLimits,
} from './limits';


export interface ParlorConfig {
  port: number;
  host: string;
  redisUrl: string | undefined;
  /** The database of record: a PostgreSQL url (DATABASE_URL); without one, PGlite in `dataDir`. */
  databaseUrl?: string;
  /** PGlite's data directory (DATA_DIR, default ./data) when there is no databaseUrl; undefined: in memory. */
  dataDir?: string;
  publicAddress: string | undefined;
  /** Folder with the built browser client, served at `/`. */
  clientDir: string;
  /** Signs player tokens; without it a secret is generated once and kept in Redis (or memory). */
  authSecret?: string;
  /** `smtp://…` (SMTP_URL): password-reset mails go out through it; without it the reset link is logged. */
  smtpUrl?: string;
  /** The From of those mails (MAIL_FROM). */
  mailFrom?: string;
  /** The address players reach the server at (PUBLIC_URL, e.g. https://parlor.example): reset links start with it. Default: http://localhost:<port>. */
  publicUrl?: string;
  /** Per-address HTTP rate limits; each field left out takes its default. */
  rateLimits?: Partial<RateLimitSettings>;
  /**
   * How many reverse proxies in front of the server append to `X-Forwarded-For`: the client
   * address is the entry that many places from the right. 0 (default): the socket's peer address,
   * and `X-Forwarded-For` is ignored.
   */
  trustProxy?: number;
  /** With it, the Colyseus monitor panel is served at `/colyseus` behind HTTP basic auth (user `admin`). */
  adminPassword?: string;
  /** With it, `GET /metrics` is served on the main port too, and requires `Authorization: Bearer <token>` wherever it is served. */
  metricsToken?: string;
  /** With it, `GET /metrics` is served on a listener of its own on this port (0: any free port); without it (and no token), nowhere. */
  metricsPort?: number;
  /** The interface the metrics listener binds: 127.0.0.1 by default (set 0.0.0.0 for a scraper on another host of a private network). */
  metricsHost?: string;
  /** `GET /healthz` recounts the rooms at most this often (ms); every request in between gets the last answer. */
  healthCacheMs?: number;
  logLevel?: LogLevel;
  /** Flood control of every client connection (server/guards/flood-control.ts); each field left out takes its default. */
  floodLimits?: Partial<FloodLimits>;
  /** What one address or player may take of the Gomoku computer (games/gomoku/computer-games.ts, computer.ts); each field left out takes its default. */
  computerLimits?: Partial<ComputerLimits>;
  /** Table rooms one client address holds at once (0: no cap); default 20. */
  maxRoomsPerAddress?: number;
  /** Ranked play's defences against rating farming (server/ranked/eligibility.ts); each field left out takes its default. */
  rankedRules?: Partial<RankedRules>;
  /** Room timings (server/timings.ts: the reconnection window, bot delays, pauses, the clock's minute); each field left out takes its default. */
  timings?: Partial<Timings>;
}

/** The computer's limits of a config, defaults filled in. */
export function computerLimitsOf(config: ParlorConfig): ComputerLimits {
  return { ...DEFAULT_COMPUTER_LIMITS, ...config.computerLimits };
}

/** The flood limits of a config, defaults filled in. */
export function floodLimitsOf(config: ParlorConfig): FloodLimits {
  return { ...DEFAULT_FLOOD_LIMITS, ...config.floodLimits };
}

/** The rate limits of a config, defaults filled in. */
export function rateLimitsOf(config: ParlorConfig): RateLimitSettings {
  return { ...DEFAULT_RATE_LIMITS, ...config.rateLimits };
}

/** The room budget's limits of a config (server/guards/room-budget.ts). */
export function roomLimitsOf(config: ParlorConfig): RoomLimits {
  const rates = rateLimitsOf(config);
  return { create: rates.rooms, maxPerAddress: config.maxRoomsPerAddress ?? DEFAULT_ROOM_LIMITS.maxPerAddress, exemptLoopback: rates.exemptLoopback, keyPrefix: `${rates.keyPrefix}:rooms` };
}

/** Settings no longer read, with what replaced them: set, they stop the start rather than be ignored in silence. */
const RETIRED: Record<string, string> = {
  RANKED_SAME_ADDRESS_DAYS: 'accounts of one network are now paired, and their games are unrated until both have RANKED_ESTABLISHED_GAMES rated games (default 10): set that instead',
};

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ParlorConfig {
  for (const [name, instead] of Object.entries(RETIRED)) {
    if (env[name] !== undefined) throw new Error(`${name} is no longer read: ${instead}`);
  }
  const port = env.PORT === undefined ? 2567 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    redisUrl: env.REDIS_URL || undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    // With several processes each must tell clients where its rooms are (STACK.md fact 8).
    publicAddress: env.PUBLIC_ADDRESS || (env.REDIS_URL && port !== 0 ? `localhost:${port}` : undefined),
    clientDir: env.CLIENT_DIR ?? CLIENT_DIR,
    authSecret: authSecret(env.AUTH_SECRET),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    rateLimits: {
      matchmake: rule(env, 'RATE_LIMIT_MATCHMAKE', DEFAULT_RATE_LIMITS.matchmake),
      guest: rule(env, 'RATE_LIMIT_GUEST', DEFAULT_RATE_LIMITS.guest),
      tenVerify: rule(env, 'RATE_LIMIT_TEN_VERIFY', DEFAULT_RATE_LIMITS.tenVerify),
      adminLogin: rule(env, 'RATE_LIMIT_ADMIN_LOGIN', DEFAULT_RATE_LIMITS.adminLogin),
      read: rule(env, 'RATE_LIMIT_READ', DEFAULT_RATE_LIMITS.read),
      health: rule(env, 'RATE_LIMIT_HEALTH', DEFAULT_RATE_LIMITS.health),
      rooms: rule(env, 'RATE_LIMIT_ROOMS', DEFAULT_RATE_LIMITS.rooms),
      login: rule(env, 'RATE_LIMIT_LOGIN', DEFAULT_RATE_LIMITS.login),
      userdata: rule(env, 'RATE_LIMIT_USERDATA', DEFAULT_RATE_LIMITS.userdata),
      passwordReset: rule(env, 'RATE_LIMIT_PASSWORD_RESET', DEFAULT_RATE_LIMITS.passwordReset),
      signInFailures: rule(env, 'RATE_LIMIT_SIGN_IN_FAILURES', DEFAULT_RATE_LIMITS.signInFailures),
      signInBackoff: rule(env, 'RATE_LIMIT_SIGN_IN_BACKOFF', DEFAULT_RATE_LIMITS.signInBackoff),
      resetMails: rule(env, 'RATE_LIMIT_RESET_MAILS', DEFAULT_RATE_LIMITS.resetMails),
      passwordChecks: rule(env, 'RATE_LIMIT_PASSWORD_CHECKS', DEFAULT_RATE_LIMITS.passwordChecks),
      exemptLoopback: flag(env, 'RATE_LIMIT_EXEMPT_LOOPBACK', DEFAULT_RATE_LIMITS.exemptLoopback),
    },
    trustProxy: trustProxy(env.TRUST_PROXY),
    adminPassword: secret(env, 'ADMIN_PASSWORD', 12),
    metricsToken: secret(env, 'METRICS_TOKEN', 16),
    metricsPort: optionalPort(env, 'METRICS_PORT'),
    metricsHost: env.METRICS_HOST?.trim() || DEFAULT_METRICS_HOST,
    healthCacheMs: positiveInteger(env, 'HEALTHZ_CACHE_MS', DEFAULT_HEALTH_CACHE_MS),
    logLevel: logLevel(env.LOG_LEVEL),
    floodLimits: {
      burst: positiveInteger(env, 'MESSAGE_BURST', DEFAULT_FLOOD_LIMITS.burst),
      perSecond: positiveInteger(env, 'MESSAGE_RATE', DEFAULT_FLOOD_LIMITS.perSecond),
    },
    computerLimits: {
      perAddress: limit(env, 'COMPUTER_GAMES_PER_ADDRESS', DEFAULT_COMPUTER_LIMITS.perAddress),
      perPlayer: limit(env, 'COMPUTER_GAMES_PER_PLAYER', DEFAULT_COMPUTER_LIMITS.perPlayer),
      queue: limit(env, 'COMPUTER_QUEUE', DEFAULT_COMPUTER_LIMITS.queue),
    },
    maxRoomsPerAddress: limit(env, 'MAX_ROOMS_PER_ADDRESS', 20),
    rankedRules: {
      minAccountAgeHours: limit(env, 'RANKED_MIN_ACCOUNT_AGE_HOURS', DEFAULT_RANKED_RULES.minAccountAgeHours),
      gamesPerPairPerDay: limit(env, 'RANKED_GAMES_PER_PAIR_PER_DAY', DEFAULT_RANKED_RULES.gamesPerPairPerDay),
      establishedGames: limit(env, 'RANKED_ESTABLISHED_GAMES', DEFAULT_RANKED_RULES.establishedGames),
      minLoserMoves: limit(env, 'RANKED_MIN_LOSER_MOVES', DEFAULT_RANKED_RULES.minLoserMoves),
    },
    timings: timingsFromEnv(env),
  };
}

export const DEFAULT_METRICS_HOST = '127.0.0.1';
export const DEFAULT_HEALTH_CACHE_MS = 1000;

function optionalPort(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number, got ${raw}`);
  return port;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 1_000_000) throw new Error(`${name} must be a whole number from 1 to 1000000, got ${raw}`);
  return value;
}

/** A cap or a rule's figure: a whole number, or 0 / `off` for none (the rule off). */
function limit(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (raw === 'off') return 0;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 1_000_000) throw new Error(`${name} must be a whole number from 0 (no limit) to 1000000, or off, got ${env[name]}`);
  return value;
}


/** `N/S` (N requests per S seconds), or `off`. */
function rule(env: NodeJS.ProcessEnv, name: string, fallback: RateLimitRule): RateLimitRule {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (raw === 'off' || raw === '0') return { points: 0, seconds: fallback.seconds };
  const match = /^(\d{1,7})\s*\/\s*(\d{1,6})$/.exec(raw);
  const points = Number(match?.[1]);
  const seconds = Number(match?.[2]);
  if (!match || points < 1 || seconds < 1) throw new Error(`${name} must be "N/S" (N requests per S seconds, both at least 1) or "off", got ${raw}`);
  return { points, seconds };
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got ${env[name]}`);
}

function trustProxy(raw: string | undefined): number {
  const value = raw?.trim().toLowerCase();
  if (!value || value === 'false' || value === '0') return 0;
  if (value === 'true') return 1;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) throw new Error(`TRUST_PROXY must be the number of proxies in front of the server (0-10, or true for 1), got ${raw}`);
  return hops;
}

function secret(env: NodeJS.ProcessEnv, name: string, minLength: number): string | undefined {
  const value = env[name];
  if (!value) return undefined;
  if (value.length < minLength) throw new Error(`${name} must be at least ${minLength} characters`);
  return value;
}

/** AUTH_SECRET when set: a weak one stops the start (accounts/auth-secret.ts says what weak is). */
function authSecret(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  assertStrongAuthSecret(raw);
  return raw;
}

function logLevel(raw: string | undefined): LogLevel {
  const value = raw?.trim().toLowerCase();
  if (!value) return 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${raw}`);
  return value as LogLevel;
}

