/** `npm start`: runs the Parlor server on PORT (default 2567). */
import { configFromEnv } from './config';
import { startParlor } from './app';
import { log, safeUrl, setLogLevel } from './log';

async function main() {
  const config = configFromEnv();
  // The validated level (default info, also when started from a test: tests read these lines).
  setLogLevel(config.logLevel ?? 'info');
  const running = await startParlor(config, { handleSignals: true });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  log.info(
    { port: running.port, redis: config.redisUrl ? safeUrl(config.redisUrl) : null, monitor: Boolean(config.adminPassword), metricsAuth: Boolean(config.metricsToken) },
    `Parlor listening on http://${shown}:${running.port} (${config.redisUrl ? `Redis at ${safeUrl(config.redisUrl)}` : 'in-memory, no Redis'})`,
  );
}

main().catch((err) => {
  log.fatal({ err }, 'Parlor failed to start');
  process.exit(1);
});
