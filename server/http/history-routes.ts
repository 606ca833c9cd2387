/**
 * Finished games over HTTP: `GET /api/games/:id` (one game with its record, for the replay
 * page) and `GET /api/players/:id/games` (a ranked player's kept games, newest first, for the
 * player page's replay links). Both only read; ids are checked for their shape first.
 */
import type express from 'express';
import * as v from 'valibot';
import type { FinishedGameStore } from '../stores/finished-games';

/** Ids from server/ids.ts are nanoid's URL-safe alphabet; anything else cannot be a stored game or player. */
const idSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));
const PLAYER_GAMES_LIMIT = 50;

const invalid = (res: express.Response) => void res.status(400).json({ error: 'invalid id', code: 'invalid_id', message: 'that is not a game id' });

export function mountHistoryRoutes(app: express.Application, store: FinishedGameStore): void {
  app.get('/api/games/:id', async (req, res) => {
    const id = v.safeParse(idSchema, req.params.id);
    if (!id.success) return invalid(res);
    const game = await store.get(id.output);
    if (!game) return void res.status(404).json({ error: 'no such game', code: 'not_found', message: 'no such game: it may have expired (games are kept 30 days)' });
    // A finished game never changes.
    res.set('Cache-Control', 'public, max-age=3600').json(game);
  });

  app.get('/api/players/:id/games', async (req, res) => {
    const id = v.safeParse(idSchema, req.params.id);
    if (!id.success) return invalid(res);
    res.json({ games: await store.ofPlayer(id.output, PLAYER_GAMES_LIMIT) });
  });
}
