/**
 * `GET /api/me/tables` (Bearer token): the tables where the caller's account holds a seat, on
 * any process (presence is in Redis with REDIS_URL), so the lobby offers "your game — return"
 * on every device the account is signed in on — a guest account too, by its token. A seat
 * held through a drop or a restart counts until its window ends.
 */
import type express from 'express';
import type { AccountStore } from '../accounts/account-store';
import { seatsOf, type OnlineRegistry } from '../presence/online';

/** The refusal's words, by code (the account store's codes keep its own words). */
const AUTH_REQUIRED = { error: 'sign in first (Authorization: Bearer <token>)', code: 'auth_required' };

export function mountMyTablesRoute(app: express.Application, accounts: AccountStore, online: OnlineRegistry): void {
  app.get('/api/me/tables', async (req, res, next) => {
    try {
      const header = req.headers.authorization;
      const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!token) return void res.status(401).json(AUTH_REQUIRED);
      const result = await accounts.authenticate(token);
      if (!result.ok) return void res.status(401).json({ error: result.message, code: result.code });
      res.set('Cache-Control', 'no-store').json({ tables: seatsOf(await online.list(), result.account.id) });
    } catch (err) {
      next(err);
    }
  });
}
