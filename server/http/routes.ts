/** Plain HTTP routes: the health check (cached, health.ts; rate-limited in setup.ts) and the built browser client. */
import { existsSync } from 'node:fs';
import express from 'express';
import { publicEntry, type OnlineRegistry } from '../presence/online';
import { cachedHealth } from './health';

export function mountHttpRoutes(app: express.Application, options: { clientDir: string; startedAt: number; healthCacheMs: number; online: OnlineRegistry }): void {
  const health = cachedHealth({ startedAt: options.startedAt, maxAgeMs: options.healthCacheMs });
  app.get('/healthz', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await health());
  });

  // Who is online now (name, room, playing or watching), across processes with Redis.
  app.get('/api/online', async (_req, res) => {
    res.json({ players: (await options.online.list()).map(publicEntry) });
  });

  if (existsSync(options.clientDir)) {
    app.use(express.static(options.clientDir, { index: 'index.html', maxAge: '1h' }));
  }
}
