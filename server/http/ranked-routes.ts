/** Ranked play over HTTP: guest accounts, the leaderboard, player pages and match records. */
import type express from 'express';
import * as v from 'valibot';
import { displayRating, isProvisional } from '../../shared/games/rating/glicko2';
import type { AccountStore } from '../accounts/account-store';
import { normalizeAddress, rateKey } from '../guards/client-address';
import { matchAsText } from '../ranked/match-text';
import { LEADERBOARD_SORTS, type RankedStore } from '../stores/ranked-store';
import type { PlayerRecord } from '../accounts/player-record';
import { jsonBody } from './json-body';

/** `POST /api/guest`'s body: `{name}` and nothing else (the name itself is checked by the account store). */
const guestBody = v.strictObject({ name: v.unknown() });

/**
 * Player and match ids are nanoid's URL-safe alphabet (server/ids.ts): anything else names nothing,
 * and is answered before the database sees it (a NUL or half a surrogate pair in the path made
 * PostgreSQL throw, a 500).
 */
const idSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));
const notAnId = (res: express.Response, what: string) =>
  void res.status(400).json({ error: `that is not a ${what} id`, code: 'invalid_payload', message: `that is not a ${what} id` });

/** Players the leaderboard lists: the first this many in its order. */
export const LEADERBOARD_SIZE = 100;
const LEADERBOARD_QUERY_ERROR = `the leaderboard takes ?sort=${LEADERBOARD_SORTS.join('|')} and nothing else`;
const leaderboardQuery = v.strictObject({ sort: v.optional(v.picklist(LEADERBOARD_SORTS)) });

const publicPlayer = (p: PlayerRecord) => ({
  id: p.id, name: p.name, rating: Math.round(p.rating), rd: Math.round(p.rd), provisional: isProvisional(p), display: displayRating(p),
  games: p.games, wins: p.wins, losses: p.losses, draws: p.draws,
});

/** `POST /api/guest` is `client.auth.signInAnonymously({name})` by another path: the same guest, the same kind of token. */
export function mountRankedRoutes(app: express.Application, store: RankedStore, accounts: AccountStore): void {
  app.post('/api/guest', jsonBody({ limit: '2kb', maxItems: 64, allowedKeys: new Set(['name']) }), async (req, res) => {
    const body = v.safeParse(guestBody, req.body);
    if (!body.success) return void res.status(400).json({ error: 'the body must be {"name": …} and nothing else', code: 'invalid_body', message: 'the body must be {"name": …} and nothing else' });
    // req.ip honours TRUST_PROXY (setup.ts sets express's `trust proxy` to the same hop count).
    await accounts.tokens.loaded();
    const result = await accounts.createGuest(body.output.name, rateKey(normalizeAddress(req.ip ?? '')));
    if (!result.ok) return void res.status(result.code === 'name_taken' ? 409 : 400).json({ error: result.message, code: result.code, message: result.message });
    res.status(201).json({ playerId: result.account.id, name: result.account.name, token: accounts.tokenFor(result.account) });
  });

  /** `?sort=rating` (the default) or `?sort=games`; anything else, or anything more, is a 400. */
  app.get('/api/leaderboard', async (req, res) => {
    const query = v.safeParse(leaderboardQuery, req.query);
    if (!query.success) return void res.status(400).json({ error: LEADERBOARD_QUERY_ERROR, code: 'invalid_query', message: LEADERBOARD_QUERY_ERROR });
    const sort = query.output.sort ?? 'rating';
    res.json({ sort, players: (await store.leaderboard(LEADERBOARD_SIZE, sort)).map(publicPlayer) });
  });

  app.get('/api/players/:id', async (req, res) => {
    const id = v.safeParse(idSchema, req.params.id);
    if (!id.success) return notAnId(res, 'player');
    const player = await store.player(id.output);
    if (!player) return void res.status(404).json({ error: 'no such player', code: 'not_found', message: 'no such player' });
    const recent = (await store.history(player.id, 20)).map((h) => ({ ...h, before: Math.round(h.before), after: Math.round(h.after), change: Math.round(h.after) - Math.round(h.before) }));
    res.json({ ...publicPlayer(player), recent });
  });

  app.get('/api/matches/:id', async (req, res) => {
    const id = v.safeParse(idSchema, req.params.id);
    if (!id.success) return notAnId(res, 'match');
    const match = await store.match(id.output);
    if (!match) return void res.status(404).json({ error: 'no such match', code: 'not_found', message: 'no such match' });
    if (req.query.format === 'text') return void res.type('text/plain').send(matchAsText(match));
    res.json(match);
  });
}
