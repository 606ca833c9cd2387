/**
 * The monitor panel's room calls (monitor.ts says why they are served here):
 * - `GET <panel>/api/room/call` runs nothing: 405 `method_not_allowed`;
 * - `POST <panel>/api/room/call` with a JSON body `{roomId, method, args}` runs `method` on the
 *   room, where `method` is one the panel calls (PANEL_ROOM_CALLS, else 400 `invalid_body`), and
 *   only for a same-origin request (`Sec-Fetch-Site: same-origin`, or without that header an
 *   `Origin` equal to PUBLIC_URL's or the request's own): else 403 `cross_site`;
 * - the panel's page loads ROOM_CALLS_SCRIPT first, which sends the panel's own calls (a GET
 *   in its prebuilt code) as that POST.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type express from 'express';
import * as v from 'valibot';
import { matchMaker } from '@colyseus/core';
import { log } from '../log';
import { jsonBody } from './json-body';

/** The room methods the panel calls (its prebuilt page, @colyseus/monitor 0.18.5), and nothing else. */
export const PANEL_ROOM_CALLS = ['disconnect', '_forceClientDisconnect', '_sendMessageToClient', 'broadcast', '_editStateProperty', '_deleteStateProperty'] as const;

const roomCallSchema = v.strictObject({
  roomId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  method: v.picklist(PANEL_ROOM_CALLS),
  args: v.pipe(v.array(v.unknown()), v.maxLength(3)),
});

export const ROOM_CALLS_SCRIPT_NAME = 'parlor-room-calls.js';

/** Turns the panel's `fetch(GET …/api/room/call?roomId&method&args)` into the POST the server takes. */
export const ROOM_CALLS_SCRIPT = `(function () {
  var send = window.fetch.bind(window);
  window.fetch = function (input, init) {
    var url = typeof input === 'string' ? new URL(input, location.href) : null;
    if (url && url.origin === location.origin && /\\/api\\/room\\/call$/.test(url.pathname) && !(init && init.method && init.method !== 'GET')) {
      var args = [];
      try { args = JSON.parse(url.searchParams.get('args') || '[]'); } catch (e) { args = []; }
      var body = JSON.stringify({ roomId: url.searchParams.get('roomId') || '', method: url.searchParams.get('method') || '', args: args });
      return send(url.pathname, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: body });
    }
    return send(input, init);
  };
})();
`;

/** A request a browser made from one of the site's own pages. */
export function fromSameOrigin(req: express.Request, siteOrigin: string | null): boolean {
  const site = req.headers['sec-fetch-site'];
  // Browsers that send it say exactly where the request comes from: it decides.
  if (site !== undefined) return site === 'same-origin';
  const origin = req.headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return false;
  return origin === siteOrigin || origin === `${req.protocol}://${req.headers.host ?? ''}`;
}

/** The monitor's page, built once from files of the installed package that never change: shared by every server in the process. */
let panelPage: string | undefined;

/** The monitor's own page, with the room-calls script loaded before the panel's code. */
function pageWithRoomCalls(panelPath: string): string {
  if (panelPage === undefined) {
    const file = path.join(path.dirname(require.resolve('@colyseus/monitor')), 'static', 'index.html');
    const html = readFileSync(file, 'utf8');
    const tag = `<script src="${panelPath}/${ROOM_CALLS_SCRIPT_NAME}"></script>`;
    if (!html.includes('<script')) throw new Error(`${file}: no script tag to load the room calls before (a new @colyseus/monitor?)`);
    panelPage = html.replace('<script', `${tag}\n  <script`);
  }
  return panelPage;
}

export function mountRoomCalls(app: express.Application, panelPath: string, auth: express.RequestHandler, siteOrigin: string | null): void {
  const route = `${panelPath}/api/room/call`;
  app.all(route, auth, (req, res, next) => {
    if (req.method === 'POST') return next();
    res.setHeader('Allow', 'POST');
    res.status(405).json({ error: 'room calls are POST requests', code: 'method_not_allowed' });
  });
  app.post(route, (req, res, next) => {
    if (fromSameOrigin(req, siteOrigin)) return next();
    log.warn({ origin: req.headers.origin, secFetchSite: req.headers['sec-fetch-site'] }, 'monitor room call from another site refused');
    res.status(403).json({ error: 'room calls are taken only from the monitor page itself', code: 'cross_site' });
  });
  app.post(route, jsonBody({ limit: '16kb', maxItems: 256 }), async (req, res) => {
    const call = v.safeParse(roomCallSchema, req.body);
    if (!call.success) {
      return void res.status(400).json({ error: `a room call is {roomId, method, args}, method one of ${PANEL_ROOM_CALLS.join(', ')}`, code: 'invalid_body' });
    }
    const { roomId, method, args } = call.output;
    try {
      const data: unknown = await matchMaker.remoteRoomCall(roomId, method, args);
      res.json(data ?? {});
    } catch {
      res.status(404).json({ error: `room ${roomId} is not available`, code: 'not_found' });
    }
  });
  // The panel's page: only at the panel's path with its slash, where its relative asset paths resolve.
  app.get([`${panelPath}/`, `${panelPath}/index.html`], auth, (req, res, next) => {
    if (!req.originalUrl.split('?')[0].endsWith('/') && !req.originalUrl.split('?')[0].endsWith('/index.html')) return next();
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(pageWithRoomCalls(panelPath));
  });
  app.get(`${panelPath}/${ROOM_CALLS_SCRIPT_NAME}`, auth, (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.type('js').send(ROOM_CALLS_SCRIPT);
  });
}
