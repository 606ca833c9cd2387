/** Runs a Parlor server process on PORT with the given games (`npm start`: every registered game). */
import { configFromEnv } from './config';
import { startParlor } from './app';
import { log, safeUrl, setLogLevel } from './log';
import type { AnyServerGame } from './table/server-game';

/** `games`: those to host (every registered one if not given); `listening`: called once the port is open. */
export function serve({ games, listening }: { games?: readonly AnyServerGame[]; listening?: () => void } = {}): void {
  // The last guard of the process: an exception nothing caught (a Colyseus callback, a timer) is a
  // bug to fix, logged as one, never the end of every table this process hosts.
  process.on('uncaughtException', (err, origin) => log.error({ err, origin }, 'uncaught exception: a bug, the process goes on'));
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection: a bug, the process goes on'));
  start(games).then(listening).catch((err) => {
    log.fatal({ err }, 'Parlor failed to start');
    process.exit(1);
  });
}

async function start(games: readonly AnyServerGame[] | undefined) {
  const config = configFromEnv();
  // The validated level (default info, also when started from a test: tests read these lines).
  setLogLevel(config.logLevel ?? 'info');
  const running = await startParlor(config, { handleSignals: true, games });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  log.info(
    { port: running.port, redis: config.redisUrl ? safeUrl(config.redisUrl) : null, monitor: Boolean(config.adminPassword), metricsAuth: Boolean(config.metricsToken), metricsPort: running.metricsPort },
    `Parlor listening on http://${shown}:${running.port} (${config.redisUrl ? `Redis at ${safeUrl(config.redisUrl)}` : 'no Redis: rooms live in this process'})`,
  );
  if (process.env.PARLOR_FAULT === 'uncaught_exception') setTimeout(() => { throw new Error('injected fault'); }, 50); // tests only
}
