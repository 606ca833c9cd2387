/**
 * The matchmaking gate: the first `request` listener of the http.Server, in front of Colyseus's
 * router and express.
 *
 * Colyseus 0.18 serves matchmaking from a `request` listener it prepends on the transport's
 * http.Server once the port is bound (`bindRouterToTransport`, run from the listen callback),
 * ahead of express. `installMatchmakeGate` runs after that: it takes the server's `request`
 * listeners and puts one listener in their place, which for every request
 * 1. refuses a request target that is not a path (400 `bad_target`): Node accepts any target
 *    that starts with `*`, and absolute forms, and Colyseus's router (rou3) drops a target's first
 *    segment whatever it is, so `*x/matchmake/create/gomoku` was served as matchmaking without
 *    ever looking like it here (nginx refuses such targets; `npm start` and the image do not);
 * 2. sets the CORS headers (cors.ts) and answers a preflight itself;
 * and for a call Colyseus routes as matchmaking (asked of its own router, `POST /matchmake/*`)
 * 3. counts it against the per-address limit (429 `{error, code: "rate_limited"}`, Retry-After);
 * 4. reads the body (at most 16 KiB, else 413), scanning its shape as it arrives (json-shape.ts:
 *    at most 32 levels deep, else 400 `too_deep`; at most 256 items, else 413) before it is parsed,
 *    and checks it is a JSON object (else 400
 *    `{error, code: "invalid_json" | "invalid_body"}`; a `reconnect` needs its `reconnectionToken`)
 *    before Colyseus sees it — better-call's `getRequest` uses a pre-set `req.body` (a string
 *    passes through as is), so Colyseus reads the same bytes;
 * 5. hands Colyseus the call with the client's address (room-budget.ts: in the call's async
 *    context, never in a header, which a client could write);
 * 6. answers Colyseus's refusals with HTTP statuses a client and a proxy understand, keeping
 *    Colyseus's JSON body `{code, error}` (the SDK shows `error` as the message):
 *    520 no handler → 404, 521 invalid criteria → 400, 522 invalid room id → 404,
 *    524 expired → 410, 525 auth failed → 401, 526 application error → 400, a room's own code
 *    outside HTTP's range → 400; 523 (unhandled: a server bug) → 500 `{error: "internal error",
 *    code: 523}` and any other 5xx but 503 → 500 `{error: "internal error", code: "internal"}`,
 *    the details logged, never sent.
 * Everything else goes to the listeners untouched.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { matchMaker } from '@colyseus/core';
import { log } from '../log';
import type { ParlorMetrics } from '../metrics';
import type { HttpLimits } from './rate-limit';
import { tooManyRequests } from './rate-limit';
import { JSON_MAX_DEPTH, JsonShapeScanner, jsonShapeRefusal, type JsonShapeLimits } from './json-shape';
import { withMatchmakeAddress } from '../guards/room-budget';
import { corsHeaders, preflightHeaders, setCorsHeaders } from './cors';

export const MAX_MATCHMAKE_BODY_BYTES = 16 * 1024;
/** Join options are flat objects of a few fields (the lobby's filter the largest: tens of items). */
export const MATCHMAKE_JSON_LIMITS: JsonShapeLimits = { maxDepth: JSON_MAX_DEPTH, maxItems: 256 };

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** The path of the route Colyseus's router would serve a request with (its own lookup), if any. */
export type ColyseusRoute = (method: string, path: string) => string | undefined;

export interface GateOptions {
  limits: HttpLimits;
  /** Colyseus's router, asked which of its routes a request goes to. */
  colyseusRoute: ColyseusRoute;
  /** The one origin CORS lets read answers (cors.ts), or null for none. */
  corsOrigin: string | null;
  /** Where refusals are counted (`parlor_matchmake_refusals_total`). */
  metrics: ParlorMetrics;
}

/** What an answer of the gate needs: the CORS origin and the metrics. */
type Answering = Pick<GateOptions, 'corsOrigin' | 'metrics'>;

/** Colyseus's matchmaking error codes and the HTTP status each answers with. */
export const MATCHMAKE_STATUS: Readonly<Record<number, number>> = {
  520: 404, // MATCHMAKE_NO_HANDLER: no such room type or method
  521: 400, // MATCHMAKE_INVALID_CRITERIA: bad join options
  522: 404, // MATCHMAKE_INVALID_ROOM_ID: no such room
  524: 410, // MATCHMAKE_EXPIRED: reconnection token or seat reservation no longer valid
  525: 401, // AUTH_FAILED
  526: 400, // APPLICATION_ERROR: the room refused
};

/** Origin-form (`/path?query`): the only request target a browser sends a server that is not a proxy. */
export function isPathTarget(target: string): boolean {
  return target.startsWith('/');
}

/** A call Colyseus would serve as matchmaking: its router decides, as it will when the call reaches it. */
export function isMatchmakeCall(req: IncomingMessage, colyseusRoute: ColyseusRoute): boolean {
  const path = (req.url ?? '').split('?')[0];
  const matchmake = `/${matchMaker.controller.matchmakeRoute}/`;
  if (req.method === 'POST' && path.startsWith(matchmake)) return true;
  return colyseusRoute(req.method ?? '', path)?.startsWith(matchmake) ?? false;
}

export function installMatchmakeGate(server: Server, options: GateOptions): void {
  const listeners = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  const pass: Listener = (req, res) => {
    for (const listener of listeners) listener.call(server, req, res);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!isPathTarget(req.url ?? '')) {
      return drainAndSend(req, res, 400, { error: 'the request target must be a path starting with /', code: 'bad_target' }, options);
    }
    if (req.method === 'OPTIONS') {
      // As Colyseus did for every path, with the site's origin only.
      res.writeHead(204, preflightHeaders(options.corsOrigin));
      return void res.end();
    }
    setCorsHeaders(res, options.corsOrigin);
    if (!isMatchmakeCall(req, options.colyseusRoute)) return pass(req, res);
    gate(req, res, options, pass).catch((err) => {
      log.error({ err }, 'matchmaking gate failed');
      if (!res.headersSent) send(req, res, 500, { error: 'internal error', code: 'internal' }, options);
    });
  });
}

async function gate(req: IncomingMessage, res: ServerResponse, answering: GateOptions, pass: Listener): Promise<void> {
  const { limits } = answering;
  const verdict = await limits.take('matchmake', req);
  if (!verdict.ok) {
    res.setHeader('Retry-After', String(verdict.retryAfterSeconds));
    return drainAndSend(req, res, 429, tooManyRequests(verdict.retryAfterSeconds), answering);
  }
  if (Number(req.headers['content-length']) > MAX_MATCHMAKE_BODY_BYTES) {
    return drainAndSend(req, res, 413, { error: 'request body too large', code: 'too_large' }, answering);
  }
  const scanner = new JsonShapeScanner(MATCHMAKE_JSON_LIMITS);
  const raw = await readBody(req, MAX_MATCHMAKE_BODY_BYTES, scanner);
  if (raw === null) return drainAndSend(req, res, 413, { error: 'request body too large', code: 'too_large' }, answering);
  if (scanner.problem) {
    const { status, error, code } = jsonShapeRefusal(scanner, MATCHMAKE_JSON_LIMITS);
    return drainAndSend(req, res, status, { error, code }, answering);
  }
  const text = raw.trim() === '' ? '{}' : raw;
  let options: unknown;
  try {
    options = JSON.parse(text);
  } catch {
    return send(req, res, 400, { error: 'malformed JSON body', code: 'invalid_json' }, answering);
  }
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    return send(req, res, 400, { error: 'matchmaking options must be a JSON object', code: 'invalid_body' }, answering);
  }
  // Colyseus answers a reconnect without a token with 523, its code for a server bug.
  const reconnectionToken = (options as { reconnectionToken?: unknown }).reconnectionToken;
  if (methodOf(req) === 'reconnect' && (typeof reconnectionToken !== 'string' || reconnectionToken === '')) {
    return send(req, res, 400, { error: "'reconnectionToken' must be provided for reconnection", code: 'invalid_body' }, answering);
  }
  // Colyseus reads this instead of the (consumed) stream, as JSON whatever the client declared.
  (req as IncomingMessage & { body?: string }).body = text;
  req.headers['content-type'] = 'application/json';
  req.headers['content-length'] = String(Buffer.byteLength(text));
  delete req.headers['transfer-encoding'];
  res.setHeader('X-Content-Type-Options', 'nosniff');
  mapColyseusStatus(req, res, answering.metrics);
  // The address the room budget counts (room-budget.ts), as computed here, for as long as the call is served.
  const call = withMatchmakeAddress(limits.clientAddress(req), () => pass(req, res));
  res.once('close', () => (call.open = false));
}

function methodOf(req: IncomingMessage): string {
  return (req.url ?? '').split('?')[0].split('/')[2] ?? '';
}

/** The body as text, or null once it passes `limit` bytes; '' as soon as `scanner` refuses its shape. */
function readBody(req: IncomingMessage, limit: number, scanner: JsonShapeScanner): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        return resolve(null);
      }
      if (!scanner.feed(chunk)) {
        over = true;
        chunks.length = 0;
        return resolve('');
      }
      chunks.push(chunk);
    });
    req.on('end', () => !over && resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(req: IncomingMessage, res: ServerResponse, status: number, body: object, { corsOrigin, metrics }: Answering): void {
  metrics.matchmakeRefusal(status);
  const json = JSON.stringify(body);
  res.writeHead(status, {
    ...corsHeaders(corsOrigin),
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(json),
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(json);
}

/** Answers before the body is read: the rest is discarded (up to 1 MiB, then the socket closes). */
function drainAndSend(req: IncomingMessage, res: ServerResponse, status: number, body: object, answering: Answering): void {
  if (!req.complete) {
    res.setHeader('Connection', 'close');
    let discarded = 0;
    req.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > 1024 * 1024) req.destroy();
    });
    req.resume();
  }
  send(req, res, status, body, answering);
}

/** Rewrites the status of Colyseus's answer to this request (see the file comment). */
function mapColyseusStatus(req: IncomingMessage, res: ServerResponse, metrics: ParlorMetrics): void {
  const writeHead = res.writeHead;
  const end = res.end;
  res.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    res.writeHead = writeHead; // once
    const status = httpStatusFor(statusCode);
    if (status >= 400) metrics.matchmakeRefusal(status);
    if (status === 500) {
      // A server bug: say so, and nothing more. The details go to the log.
      const code = statusCode === 523 ? 523 : 'internal';
      const json = JSON.stringify({ error: 'internal error', code });
      for (const name of ['content-length', 'transfer-encoding', 'content-type']) res.removeHeader(name);
      const detail: Buffer[] = [];
      const keep = (chunk: unknown) => {
        if (chunk && typeof chunk !== 'function') detail.push(Buffer.from(chunk as string | Uint8Array));
      };
      (writeHead as (...args: unknown[]) => ServerResponse).call(this, 500, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) });
      (end as (chunk: string) => ServerResponse).call(this, json);
      res.write = ((chunk: unknown) => (keep(chunk), true)) as typeof res.write;
      let logged = false;
      res.end = ((chunk?: unknown, ...more: unknown[]) => {
        keep(chunk);
        if (!logged) {
          logged = true;
          log.error({ colyseusStatus: statusCode, path: (req.url ?? '').split('?')[0], detail: Buffer.concat(detail).toString('utf8').slice(0, 500) }, 'matchmaking failed');
        }
        const callback = [chunk, ...more].find((a) => typeof a === 'function') as (() => void) | undefined;
        callback?.();
        return res;
      }) as typeof res.end;
      return this;
    }
    if (status !== statusCode) {
      res.statusCode = status;
      log.debug({ colyseusStatus: statusCode, status, path: (req.url ?? '').split('?')[0] }, 'matchmaking refused');
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as typeof res.writeHead;
}

export function httpStatusFor(colyseusStatus: number): number {
  if (MATCHMAKE_STATUS[colyseusStatus]) return MATCHMAKE_STATUS[colyseusStatus];
  if (colyseusStatus >= 600 || colyseusStatus < 100) return 400; // a room's own refusal code
  if (colyseusStatus >= 500 && colyseusStatus !== 503) return 500;
  return colyseusStatus;
}
