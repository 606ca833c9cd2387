/** Ten Exorcism over HTTP: `POST /api/ten/verify` replays an exported session; `GET /api/ten/highscores` lists verified scores. */
import type express from 'express';
import { parseSession, verifySession } from '../../shared/games/ten-exorcism';
import type { HighScoreStore } from '../stats/high-scores';
import { jsonBody } from './json-body';

/**
 * The largest session the room exports is 1,000 attempts of ~45 bytes (`{"t":…,"s":[…],"r":…,"p":…}`)
 * with 9 items each: the limits leave room for pretty-printing and keep the worst body cheap to
 * parse (README, "HTTP answers": measured by `npm run bench -- http-body`).
 */
export const TEN_VERIFY_BODY = { limit: '512kb', maxItems: 12_000 };

export function mountTenRoutes(app: express.Application, highScores: HighScoreStore): void {
  // The strict schema (unknown keys refused) runs before the replay, the only costly step.
  app.post('/api/ten/verify', jsonBody(TEN_VERIFY_BODY), (req, res) => {
    const parsed = parseSession(req.body);
    if (!parsed.ok) return void res.status(400).json({ error: parsed.reason, code: 'invalid_session', reason: parsed.reason });
    res.json(verifySession(parsed.session));
  });

  app.get('/api/ten/highscores', async (_req, res) => {
    res.json({ scores: await highScores.top(20) });
  });
}
