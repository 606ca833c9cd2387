/** `npm start`: runs the Parlor server on PORT (default 2567). */
import { configFromEnv } from './config';
import { startParlor } from './app';

async function main() {
  const config = configFromEnv();
  const running = await startParlor(config, { handleSignals: true });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(`Parlor listening on http://${shown}:${running.port} (${config.redisUrl ? `Redis at ${config.redisUrl}` : 'in-memory, no Redis'})`);
}

main().catch((err) => {
  console.error('Parlor failed to start:', err);
  process.exit(1);
});
