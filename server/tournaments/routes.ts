/**
 * Tournaments over HTTP: `GET /api/tournaments` (upcoming and running, 50 each, and finished, paged),
 * `GET /api/tournaments/:id` (the event, a page of its standings with each sheet, its games) and
 * `POST /api/tournaments` (Bearer: a registered account creates an arena or a Swiss event). GETs are under the
 * `read` limit every `/api/*` GET has (http/setup.ts); the POST under the `guest` limit, the one
 * for creating things. A refusal is `{error, code}`. An arena's standings are served from the table this
 * process keeps at the event's standings version (standings-cache.ts), rebuilt only after a change.
 */
import type express from 'express';
import * as v from 'valibot';
import type { AccountStore } from '../accounts/account-store';
import { jsonBody } from '../http/json-body';
import type { LimitedRoute } from '../limits';
import { TOURNAMENT_CONTROLS, type TournamentControl } from '../../shared/core/fischer-clock';
import { tournamentIdSchema } from './director-room';
import { nextOffset, pageOf } from './paging';
import { ArenaStandingsCache } from './standings-cache';
import { swissDetail, swissRoundsSchema } from './swiss-routes';
import { endsAt, TOURNAMENT_STATUSES, type Tournament, type TournamentStore } from './tournament-store';

export const LIST_SIZE = 50;
export const ARENA_MINUTES = [30, 60, 90] as const;
/** How far ahead an event may be set. */
export const MAX_LEAD_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * The Fischer clock of a new event unless its creator picks another of TOURNAMENT_CONTROLS (3+2,
 * Lichess's usual arena control): berserk halves it. Events made before events had one keep the
 * ranked game's per-move clock ("60s per move"), without berserk.
 */
export const ARENA_TIME_CONTROL: TournamentControl = TOURNAMENT_CONTROLS[0];

const createBody = v.strictObject({
  name: v.pipe(v.string('name must be a string'), v.trim(), v.minLength(3, 'name must be 3 to 40 characters'), v.maxLength(40, 'name must be 3 to 40 characters'),
    v.regex(/^[^\p{Cc}\p{Cs}]*$/u, 'name must be printable text')),
  startsAt: v.pipe(v.number('startsAt must be a time in ms since the epoch'), v.integer('startsAt must be a whole number of ms'), v.safeInteger('startsAt is out of range')),
  minutes: v.optional(v.picklist(ARENA_MINUTES, 'minutes must be one of 30, 60, 90')),
  kind: v.optional(v.picklist(['arena', 'swiss'], 'kind must be arena or swiss'), 'arena'),
  rounds: v.optional(swissRoundsSchema),
  timeControl: v.optional(v.picklist(TOURNAMENT_CONTROLS, `timeControl must be one of ${TOURNAMENT_CONTROLS.join(', ')}`), ARENA_TIME_CONTROL),
});

/** Standings rows a page holds unless asked, and at most. */
export const STANDINGS_PAGE = 100;
export const MAX_STANDINGS_PAGE = 500;
const refuse = (res: express.Response, status: number, code: string, error: string) => void res.status(status).json({ error, code });
const publicEvent = (t: Tournament) => ({ id: t.id, name: t.name, kind: t.kind, status: t.status, startsAt: t.startsAt, endsAt: t.kind === 'swiss' ? null : endsAt(t), minutes: t.minutes, timeControl: t.timeControl, createdBy: t.createdBy });

export function mountTournamentRoutes(app: express.Application, store: TournamentStore, accounts: AccountStore, limit: (route: LimitedRoute) => express.RequestHandler,
  standings = new ArenaStandingsCache(store)): void {
  app.get('/api/tournaments', async (req, res, next) => {
    try {
      // The finished list grows without end: it pages (`?limit=&offset=`); the others are short by nature.
      const asked = pageOf(req.query, LIST_SIZE);
      if (!asked.ok) return refuse(res, 400, 'invalid_query', asked.message);
      const { page } = asked;
      const now = Date.now();
      const [upcoming, running, finished] = await Promise.all(TOURNAMENT_STATUSES.map((s) =>
        s === 'finished' ? store.list(s, page.limit + 1, now, page.offset) : store.list(s, LIST_SIZE, now)));
      const finishedNext = finished.length > page.limit ? page.offset + page.limit : null;
      const shown = finished.slice(0, page.limit);
      // A Swiss event is as long as its rounds: each listed with `rounds` and `round`.
      const swiss = await store.swiss.progressOf([...upcoming, ...running, ...shown].filter((t) => t.kind === 'swiss').map((t) => t.id));
      const listed = (t: Tournament) => {
        const p = swiss.get(t.id);
        return p ? { ...publicEvent(t), rounds: p.rounds, round: p.round } : publicEvent(t);
      };
      res.json({ upcoming: upcoming.map(listed), running: running.map(listed), finished: shown.map(listed), finishedOffset: page.offset, finishedNext });
    } catch (err) {
      next(err);
    }
  });

  app.get('/api/tournaments/:id', async (req, res, next) => {
    try {
      const id = v.safeParse(tournamentIdSchema, req.params.id);
      if (!id.success) return refuse(res, 400, 'invalid_payload', 'that is not a tournament id');
      // The standings page (`?limit=&offset=`, ranks offset + 1 on).
      const asked = pageOf(req.query, MAX_STANDINGS_PAGE, STANDINGS_PAGE);
      if (!asked.ok) return refuse(res, 400, 'invalid_query', asked.message);
      const { page } = asked;
      const found = await store.versionedEvent(id.output);
      if (!found) return refuse(res, 404, 'not_found', 'no such tournament');
      const { event } = found;
      if (event.kind === 'swiss') return void res.json({ ...publicEvent(event), ...(await swissDetail(store, event)) });
      // The table as kept at the event's standings version, rebuilt from the rows only after a change.
      const kept = await standings.standings(event, found.standingsVersion);
      res.json({
        ...publicEvent(event), players: kept.players, standings: kept.standings.slice(page.offset, page.offset + page.limit),
        standingsOffset: page.offset, standingsNext: nextOffset(page, kept.standings.length), games: kept.games,
      });
    } catch (err) {
      next(err);
    }
  });

  app.post('/api/tournaments', limit('guest'), jsonBody({ limit: '2kb', maxItems: 16, allowedKeys: new Set(['name', 'startsAt', 'minutes', 'kind', 'rounds', 'timeControl']) }), async (req, res, next) => {
    try {
      const header = req.headers.authorization;
      const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!token) return refuse(res, 401, 'auth_required', 'sign in first (Authorization: Bearer <token>)');
      const account = await accounts.authenticate(token);
      if (!account.ok) return refuse(res, 401, account.code, account.message);
      if (!account.account.registered) return refuse(res, 403, 'account_required', 'creating a tournament needs an account: sign up, or claim this guest account');
      const body = v.safeParse(createBody, req.body);
      if (!body.success) return refuse(res, 400, 'invalid_body', body.issues[0].message);
      const { kind, minutes, rounds } = body.output;
      // An arena lasts its minutes; a Swiss event its rounds (it has no clock end: minutes 0).
      if (kind === 'arena' ? minutes === undefined || rounds !== undefined : rounds === undefined || minutes !== undefined) {
        return refuse(res, 400, 'invalid_body', kind === 'arena' ? 'an arena takes minutes (30, 60 or 90), not rounds' : 'a Swiss event takes rounds, not minutes');
      }
      const now = Date.now();
      if (body.output.startsAt < now || body.output.startsAt > now + MAX_LEAD_MS) return refuse(res, 400, 'invalid_body', 'startsAt must be between now and 7 days from now');
      const created = await store.create({ ...body.output, minutes: minutes ?? 0, createdBy: account.account.id }, now);
      if (!created.ok) return refuse(res, 409, created.code, created.message);
      res.status(201).json(publicEvent(created.tournament));
    } catch (err) {
      next(err);
    }
  });
}
