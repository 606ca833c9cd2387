/** Ten Exorcism over HTTP: `POST /api/ten/verify` replays an exported session; `GET /api/ten/highscores` lists verified scores. */
import express from 'express';
import { parseSession, verifySession } from '../../shared/games/ten-exorcism';
import type { HighScoreStore } from '../stats/high-scores';

export function mountTenRoutes(app: express.Application, highScores: HighScoreStore): void {
  app.post('/api/ten/verify', express.json({ limit: '512kb' }), (req, res) => {
    const parsed = parseSession(req.body);
    if (!parsed.ok) return void res.status(400).json({ error: parsed.reason, code: 'invalid_session', reason: parsed.reason });
    res.json(verifySession(parsed.session));
  });

  app.get('/api/ten/highscores', async (_req, res) => {
    res.json({ scores: await highScores.top(20) });
  });
}
