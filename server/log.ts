/**
 * Structured logs: one JSON object a line on stdout (pino). `log` is the process's root logger;
 * `roomLog(game, roomId)` a child that stamps every line with the room. Token-like fields are
 * redacted wherever they appear at the top level or one level down, so a `{ options }` or
 * `{ headers }` object logged by mistake cannot leak a seat or reconnection token, a player
 * token, a password or an Authorization header.
 *
 * Level: `LOG_LEVEL` (trace, debug, info, warn, error, fatal, silent), default `info`; under
 * jest (JEST_WORKER_ID set) the in-process servers default to `warn` so test output stays quiet.
 * `main.ts` sets the level from the validated config, so a server process started by a test
 * still prints its `info` lines (the tests read "Parlor listening on" from its stdout).
 */
import { format } from 'node:util';
import pino from 'pino';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const SECRET_KEYS = [
  'token', 'reconnectionToken', 'seatToken', 'seatKey', 'seatKeys', 'authToken', '_authToken',
  'authorization', 'Authorization', 'cookie', 'password', 'secret', 'authSecret', 'adminPassword', 'metricsToken',
];

/** Paths pino blanks out: each key at the top, one level down, and in a `headers` object. */
export const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  'headers.authorization', 'headers.cookie', '*.headers.authorization', '*.headers.cookie',
  'req.headers.authorization', 'req.headers.cookie',
];

function defaultLevel(env: NodeJS.ProcessEnv): LogLevel {
  const wanted = env.LOG_LEVEL?.trim().toLowerCase();
  if (wanted && (LOG_LEVELS as readonly string[]).includes(wanted)) return wanted as LogLevel;
  return env.JEST_WORKER_ID ? 'warn' : 'info';
}

/** A logger with Parlor's settings (level, redaction, ISO time); `destination` defaults to stdout, written synchronously. */
export function createLogger(destination?: pino.DestinationStream, level: LogLevel = defaultLevel(process.env)): pino.Logger {
  return pino({
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    formatters: { level: (label) => ({ level: label }) },
  }, destination ?? pino.destination({ dest: 1, sync: true })); // written at once: a line before a crash or a kill -9 is not lost
}

export const log: pino.Logger = createLogger();

/** Sets the root logger's level (children made afterwards inherit it). */
export function setLogLevel(level: LogLevel): void {
  log.level = level;
}

/** A logger for one room: every line carries `{game, roomId}`. */
export function roomLog(game: string, roomId: string): pino.Logger {
  return log.child({ game, roomId });
}

/** A Redis URL without its user and password, for log lines. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '[unparsable url]';
  }
}

/**
 * Colyseus's line for a room with both a static and an instance onAuth. Untrue of the table: its
 * static onAuth returns true, which leaves Colyseus no auth data, so it does call the instance
 * onAuth at each join (Room's `_onJoin`: `authedStatically` is false), whose refusal of a second
 * player at a one-player table test/server/monty-hall-room.test.ts and others see. Dropped, so that
 * every start does not log five false alarms.
 */
const UNTRUE_COLYSEUS_LINE = /onAuth\(\) defined at the instance level will be ignored/;

/**
 * @colyseus/redis-presence's line for every failed try of its connections while Redis is away
 * (one every few hundred ms of an outage). server/redis-connection.ts already tells each outage
 * of those connections in one line when it is lost and one when it is back: these go to debug.
 */
const PRESENCE_RETRY_LINE = /^RedisPresence: (pub|sub) connection error/;

/**
 * @colyseus/auth logs every refused sign-in or sign-up as an error, with its stack: a wrong
 * password, a taken email or name. Those are answers to the asker (and the sign-in limits count
 * them), not faults of the server: they go to the debug level. Its own refusals are plain Errors
 * named by their code; Parlor's are named `Refusal` (server/http/auth-routes.ts).
 */
const ANSWERED_BY_AUTH = new Set(['invalid_credentials', 'email_already_in_use']);

export function isRefusalAnswer(err: Error): boolean {
  return err.name === 'Refusal' || ANSWERED_BY_AUTH.has(err.message);
}

/** Colyseus's own log lines (its logger is console-like) as JSON lines of the root logger, `{source: "colyseus"}`. */
export const colyseusLogger = (() => {
  const write = (wanted: 'trace' | 'debug' | 'info' | 'warn' | 'error') => (...args: unknown[]) => {
    const err = args.find((a): a is Error => a instanceof Error);
    const retry = typeof args[0] === 'string' && PRESENCE_RETRY_LINE.test(args[0]);
    const level = retry || (wanted === 'error' && err && isRefusalAnswer(err)) ? 'debug' : wanted;
    if (!log.isLevelEnabled(level)) return;
    const msg = format(...args.map((a) => (a instanceof Error ? a.message : a)));
    if (UNTRUE_COLYSEUS_LINE.test(msg)) return;
    log[level](err ? { source: 'colyseus', err } : { source: 'colyseus' }, msg);
  };
  return { trace: write('trace'), debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
})();
