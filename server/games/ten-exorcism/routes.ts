/** Ten Exorcism over HTTP: `POST /api/ten/verify` replays an exported session; `GET /api/ten/highscores` lists verified scores. */
import { EXPORT_FORMAT_KEYS, parseSession, verifySession } from '../../../shared/games/ten-exorcism';
import { jsonBody } from '../../http/json-body';
import type { GameRoutes } from '../../table/server-game';

/**
 * The largest session the room exports is 1,000 attempts (MAX_ATTEMPTS) of ~40 bytes
 * (`{"t":…,"s":[…],"r":…,"p":…}`, 40 KB with 7-digit times) and 9 items each. At 512 KiB (the
 * limit before this cap) the worst bodies cost the main thread 25-35 ms (a 12,000-key object, a
 * 512 KB string); 128 KiB is three times the largest export and keeps every body under 20 ms
 * (README, "HTTP answers": measured by `npm run bench -- http-body`).
 */
export const TEN_VERIFY_BODY = {
  limit: '128kb',
  maxItems: 12_000,
  // Any key the export format does not have is refused before the body is parsed.
  allowedKeys: new Set(EXPORT_FORMAT_KEYS),
};

export const tenRoutes: GameRoutes = (app, { services, limit }) => {
  // Counted per address first (RATE_LIMIT_TEN_VERIFY); the strict schema (unknown keys refused) runs before the replay, the only costly step.
  app.post('/api/ten/verify', limit('ten_verify'), jsonBody(TEN_VERIFY_BODY), (req, res) => {
    const parsed = parseSession(req.body);
    if (!parsed.ok) return void res.status(400).json({ error: parsed.reason, code: 'invalid_session', reason: parsed.reason });
    res.json(verifySession(parsed.session));
  });

  app.get('/api/ten/highscores', async (_req, res) => {
    res.json({ scores: await services.highScores.top(20) });
  });
};
