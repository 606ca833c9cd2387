/** Plain HTTP routes: the health check and the built browser client. */
import { existsSync } from 'node:fs';
import express from 'express';
import { matchMaker } from '@colyseus/core';
import { online } from '../presence/online';

export function mountHttpRoutes(app: express.Application, options: { clientDir: string; startedAt: number }): void {
  app.get('/healthz', async (_req, res) => {
    const rooms = await matchMaker.query({});
    res.json({ status: 'ok', uptimeSeconds: Math.round((Date.now() - options.startedAt) / 1000), rooms: rooms.length });
  });

  // Who is online now (name, room, playing or watching), across processes with Redis.
  app.get('/api/online', async (_req, res) => {
    res.json({ players: await online.list() });
  });

  if (existsSync(options.clientDir)) {
    app.use(express.static(options.clientDir, { index: 'index.html', maxAge: '1h' }));
  }
}
