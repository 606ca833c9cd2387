/**
 * The shapes and defaults of every limit a setting controls (README, "Configuration" and
 * "Hostile input"): plain data, importing nothing, so that the config (which reads them from the
 * environment) and the parts that enforce them (flood control, the room budget, the HTTP rate
 * limits, the computer's queue, ranked play) depend on this file and never on each other.
 */

/** At most `points` requests per `seconds` from one client address; `points: 0` turns the limit off. */
export interface RateLimitRule {
  points: number;
  seconds: number;
}

export interface RateLimitSettings {
  /** `POST /matchmake/*` (create, join, joinOrCreate, joinById, reconnect). */
  matchmake: RateLimitRule;
  /** `POST /api/guest` (new guest accounts). */
  guest: RateLimitRule;
  /** `POST /api/ten/verify` (replays of up to 512 kB). */
  tenVerify: RateLimitRule;
  /** Failed logins to the monitor panel at `/colyseus`. */
  adminLogin: RateLimitRule;
  /** `GET /api/*`: the JSON read routes (finished games, players, matches, the leaderboard, who is online). */
  read: RateLimitRule;
  /** `GET /healthz` (answered from a cache, but each request still costs a Redis round trip for its count). */
  health: RateLimitRule;
  /** Room creations by any path (matchmaking, rematch, ranked pairing), per address, over a sliding window (server/rooms/room-budget.ts). */
  rooms: RateLimitRule;
  /** `POST /auth/login` requests, whatever their outcome (each may cost a password hash check). */
  login: RateLimitRule;
  /** `GET /auth/userdata` (the SDK asks it once when a page opens with a saved token). */
  userdata: RateLimitRule;
  /** `POST /auth/forgot-password` and `POST /auth/reset-password` together. */
  passwordReset: RateLimitRule;
  /**
   * Wrong sign-in passwords from one address, on any accounts (server/http/sign-in-limits.ts).
   * Past it the address is refused before any account is looked at or charged.
   */
  signInFailures: RateLimitRule;
  /** Wrong sign-in passwords for one account from one address: a backoff only that address feels. */
  signInBackoff: RateLimitRule;
  /** Reset mails for one account asked from one address (the owner's own address is never held back by another's asking). */
  resetMails: RateLimitRule;
  /** Wrong current passwords given by a signed-in account (password change, deletion): only its token holder can spend them. */
  passwordChecks: RateLimitRule;
  /**
   * Requests whose client address is a loopback address (127.0.0.0/8, ::1) are not counted: for
   * tests and benchmarks, which make thousands of matchmaking calls from this machine. Off by
   * default: behind a proxy on the same host every request would come from loopback.
   */
  exemptLoopback: boolean;
  /** Redis key prefix of the counters (with REDIS_URL they are shared by every process). */
  keyPrefix: string;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  matchmake: { points: 120, seconds: 10 },
  guest: { points: 20, seconds: 60 },
  tenVerify: { points: 30, seconds: 60 },
  adminLogin: { points: 10, seconds: 60 },
  read: { points: 300, seconds: 60 },
  health: { points: 120, seconds: 60 },
  rooms: { points: 30, seconds: 60 },
  login: { points: 30, seconds: 60 },
  userdata: { points: 60, seconds: 60 },
  passwordReset: { points: 10, seconds: 600 },
  signInFailures: { points: 20, seconds: 15 * 60 },
  signInBackoff: { points: 5, seconds: 5 * 60 },
  resetMails: { points: 3, seconds: 60 * 60 },
  passwordChecks: { points: 10, seconds: 15 * 60 },
  exemptLoopback: false,
  keyPrefix: 'parlor:ratelimit',
};

/** The routes the HTTP rate limits count (server/http/rate-limit.ts), also the metrics' `route` label. */
export type LimitedRoute = 'matchmake' | 'guest' | 'ten_verify' | 'admin_login' | 'read' | 'health' | 'login' | 'userdata' | 'password_reset';

/** Flood control of every client connection (server/table/flood-control.ts). */
export interface FloodLimits {
  /** Messages a client may send at once. */
  burst: number;
  /** Messages a second it may keep sending. */
  perSecond: number;
  /** Dropped messages within `windowMs` that get it disconnected. */
  disconnectAfter: number;
  windowMs: number;
}

/** The defaults (README, "Limits"); the server's config may change them (MESSAGE_BURST, MESSAGE_RATE). */
export const DEFAULT_FLOOD_LIMITS: FloodLimits = { burst: 60, perSecond: 20, disconnectAfter: 100, windowMs: 10_000 };

/** How many rooms one client address may make and hold (server/rooms/room-budget.ts). */
export interface RoomLimits {
  /** Room creations per address (sliding window); `points: 0` turns it off. */
  create: RateLimitRule;
  /** Table rooms one address holds at once; 0 turns it off. */
  maxPerAddress: number;
  /** Loopback addresses are not counted (tests and benchmarks; RATE_LIMIT_EXEMPT_LOOPBACK). */
  exemptLoopback: boolean;
  keyPrefix: string;
}

export const DEFAULT_ROOM_LIMITS: RoomLimits = { create: { points: 30, seconds: 60 }, maxPerAddress: 20, exemptLoopback: false, keyPrefix: 'parlor:rooms' };

/** How much of the Gomoku computer one player may take (server/games/gomoku/computer-games.ts, computer.ts). */
export interface ComputerLimits {
  /** Live games against the computer one client address may hold (IPv6: per /64). */
  perAddress: number;
  /** Live games against the computer one player (a signed player token) may hold. */
  perPlayer: number;
  /**
   * Decisions waiting for a worker, over every room. Past it a decision is taken at once on
   * the main thread with a few milliseconds of level-1 thinking rather than queued.
   */
  queue: number;
}

export const DEFAULT_COMPUTER_LIMITS: ComputerLimits = { perAddress: 3, perPlayer: 1, queue: 64 };

/** Who may play rated games and which games count (server/ranked/eligibility.ts); 0 turns a rule off. */
export interface RankedRules {
  /** Hours a registered account waits before its first rated game (0: rated from the first minute, as on Lichess). */
  minAccountAgeHours: number;
  /** Rated games the same two players play against each other in any 24 h; more are played unrated. */
  gamesPerPairPerDay: number;
  /**
   * Rated games an account needs before its games against an account of the same network (the
   * address it was made from or queues from) count: until both have this many, such a pair is
   * paired and told its game is unrated. A fresh account cannot feed a rating to a neighbour.
   */
  establishedGames: number;
  /** Actions of their own the loser of a decisive game must have made for it to count. */
  minLoserMoves: number;
}

export const DEFAULT_RANKED_RULES: RankedRules = { minAccountAgeHours: 0, gamesPerPairPerDay: 3, establishedGames: 10, minLoserMoves: 5 };
