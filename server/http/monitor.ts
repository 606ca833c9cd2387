/**
 * The Colyseus monitor panel (`@colyseus/monitor`) at `/colyseus`, mounted only when
 * ADMIN_PASSWORD is set, behind HTTP basic auth (user `admin`). Without the password the path
 * is not mounted at all (404 like any unknown path). Failed logins count against the
 * `admin_login` rate limit of the address, so the password cannot be guessed at speed.
 *
 * The panel's room calls (close a room, drop a client, send a message, edit the state) change
 * things, and a browser sends an admin's basic-auth credentials with any request to the site,
 * a link or form from another site's page included. So they are served here, not by the
 * monitor (whose `GET /api/room/call` runs any method of a room): POST only, from the site's own
 * pages only (monitor-calls.ts), and only the methods the panel itself calls.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type express from 'express';
import { log } from '../log';
import type { HttpLimits } from './rate-limit';
import { tooManyRequests } from './rate-limit';
import { mountRoomCalls } from './monitor-calls';

export const MONITOR_PATH = '/colyseus';
export const ADMIN_USER = 'admin';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time comparison of two strings of any lengths. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function credentials(header: string | undefined): { user: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function basicAuth(password: string, limits: HttpLimits): express.RequestHandler {
  return (req, res, next) => {
    const given = credentials(req.headers.authorization);
    // Both compared every time, so the answer's timing says nothing about which one was wrong.
    const userOk = sameSecret(given?.user ?? '', ADMIN_USER);
    const passwordOk = sameSecret(given?.password ?? '', password);
    if (given && userOk && passwordOk) return next();
    limits.take('admin_login', req).then((verdict) => {
      if (given) log.warn({ address: limits.clientAddress(req) }, 'monitor login refused');
      if (!verdict.ok) {
        res.setHeader('Retry-After', String(verdict.retryAfterSeconds));
        return void res.status(429).json(tooManyRequests(verdict.retryAfterSeconds));
      }
      res.setHeader('WWW-Authenticate', 'Basic realm="Parlor monitor", charset="UTF-8"');
      res.status(401).json({ error: 'authentication required', code: 'unauthorized' });
    }, next);
  };
}

/** `siteOrigin`: PUBLIC_URL's origin, which a room call may come from besides the request's own host. */
export function mountMonitor(app: express.Application, options: { adminPassword?: string; limits: HttpLimits; siteOrigin: string | null }): void {
  if (!options.adminPassword) return;
  // Loaded only when used: the panel pulls in zod, node-os-utils and its static files.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { monitor } = require('@colyseus/monitor') as typeof import('@colyseus/monitor');
  const auth = basicAuth(options.adminPassword, options.limits);
  mountRoomCalls(app, MONITOR_PATH, auth, options.siteOrigin);
  app.use(MONITOR_PATH, auth, monitor() as unknown as express.RequestHandler);
}
