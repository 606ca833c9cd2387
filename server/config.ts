/** Server configuration from the environment; every variable is listed in the README. */
export interface ParlorConfig {
  port: number;
  host: string;
  redisUrl: string | undefined;
  publicAddress: string | undefined;
  /** Folder with the built browser client, served at `/`. */
  clientDir: string;
  /** Signs player tokens; without it a secret is generated once and kept in Redis (or memory). */
  authSecret?: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ParlorConfig {
  const port = env.PORT === undefined ? 2567 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    redisUrl: env.REDIS_URL || undefined,
    // With several processes each must tell clients where its rooms are (STACK.md fact 8).
    publicAddress: env.PUBLIC_ADDRESS || (env.REDIS_URL && port !== 0 ? `localhost:${port}` : undefined),
    clientDir: env.CLIENT_DIR ?? defaultClientDir(),
    authSecret: env.AUTH_SECRET || undefined,
  };
}

function defaultClientDir(): string {
  // Compiled, this file lives in dist/server/; the client is built into dist/client/.
  return require('node:path').resolve(__dirname, '..', 'client');
}
