/**
 * The HTTP side's hygiene, against the real server: matchmaking refusals answer 4xx with
 * Colyseus's `{code, error}` body, a body that is not a JSON object is a 400 before Colyseus
 * sees it, a server bug is a bare 500; express errors are JSON with no stack or path; security
 * headers and the client's content-security-policy; the monitor panel only with a password;
 * log lines without tokens.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import express from 'express';
import { ErrorCode, Room, ServerError, matchMaker } from '@colyseus/core';
import { Client } from '@colyseus/sdk';
import { startParlor, type RunningParlor } from '../../server/app';
import type { ParlorConfig } from '../../server/config';
import { jsonErrors, jsonNotFound } from '../../server/http/errors';
import { httpStatusFor } from '../../server/http/gate';
import { createLogger, roomLog, setLogLevel } from '../../server/log';
import { testFileDatabase } from '../support/database';

jest.setTimeout(30000);

const ADMIN_PASSWORD = 'correct horse battery';
let server: RunningParlor;
let base: string;
let clientDir: string;

function config(overrides: Partial<ParlorConfig> = {}): ParlorConfig {
  return { port: 0, host: '127.0.0.1', redisUrl: undefined, publicAddress: undefined, clientDir, ...overrides };
}

/** Rooms that fail the way a bug or a room's own refusal does. */
class BrokenRoom extends Room {
  override onCreate(options: { fail?: string }) {
    if (options.fail === 'type_error') (undefined as unknown as { x: number }).x = 1;
    if (options.fail === 'unhandled') throw new ServerError(ErrorCode.MATCHMAKE_UNHANDLED, 'secret detail at /work/main/server/x.ts:1');
    if (options.fail === 'application') throw new ServerError(ErrorCode.APPLICATION_ERROR, 'this room says no');
  }
}

beforeAll(async () => {
  setLogLevel('fatal'); // the server bugs this file provokes on purpose are logged as errors
  clientDir = mkdtempSync(path.join(tmpdir(), 'parlor-hygiene-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Parlor</title><script type="module" src="/app.js"></script>');
  server = await startParlor(config({ adminPassword: ADMIN_PASSWORD, rateLimits: { adminLogin: { points: 3, seconds: 60 }, exemptLoopback: false } }), { database: await testFileDatabase() });
  base = `http://127.0.0.1:${server.port}`;
  matchMaker.defineRoomType('zz_broken', BrokenRoom);
});
afterAll(async () => {
  await server?.stop();
  rmSync(clientDir, { recursive: true, force: true });
});

async function post(route: string, body: string, contentType = 'application/json') {
  const res = await fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': contentType }, body });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

const NO_INSIDES = /\n\s*at\s|\.ts:\d|\.js:\d|\/work\/|node_modules|<html|<pre>/i;

describe('matchmaking: bad bodies never reach Colyseus', () => {
  it.each(['null', '[]', '[{"name":"Ada"}]', '42', '"Ada"', 'true'])('body %s → 400 {code: "invalid_body"}', async (body) => {
    const answer = await post('/matchmake/joinOrCreate/gomoku', body);
    expect([answer.status, answer.json?.code]).toEqual([400, 'invalid_body']);
    expect(answer.json.error).toMatch(/JSON object/);
    // Without PUBLIC_URL no other origin may read it (the page that asks is served from this one): test/security/monitor-cors.test.ts.
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('malformed JSON → 400 invalid_json; over 16 KiB → 413; text/plain JSON objects are read as JSON', async () => {
    expect((await post('/matchmake/joinOrCreate/gomoku', '{"name": ')).json).toEqual({ error: 'malformed JSON body', code: 'invalid_json' });
    const big = await post('/matchmake/create/gomoku', JSON.stringify({ name: 'Ada', pad: 'x'.repeat(20_000) }));
    expect([big.status, big.json?.code]).toEqual([413, 'too_large']);
    const plain = await post('/matchmake/create/gomoku', '{"name": "Ada"}', 'text/plain');
    expect(plain.status).toBe(200);
    expect(plain.json).toMatchObject({ name: 'gomoku', roomId: expect.any(String), sessionId: expect.any(String) });
  });

  it('an empty body is the empty options object, as before: the room itself answers', async () => {
    const res = await fetch(`${base}/matchmake/joinOrCreate/ranked_queue`, { method: 'POST' });
    const body = await res.json();
    expect([res.status, body.code]).toEqual([401, 525]); // the queue wants a token
    expect(body.error).toMatch(/auth_required/);
  });

  it('a reconnect without a reconnection token is a 400, not a server error', async () => {
    const answer = await post('/matchmake/reconnect/someRoom', '{}');
    expect([answer.status, answer.json?.code]).toEqual([400, 'invalid_body']);
  });
});

describe("matchmaking: Colyseus's refusals as 4xx, its {code, error} body kept", () => {
  it('520 no handler → 404 (unknown room type and unknown method)', async () => {
    const room = await post('/matchmake/create/no_such_room', '{}');
    expect([room.status, room.json?.code]).toEqual([404, 520]);
    expect(room.json.error).toMatch(/not defined/);
    const method = await post('/matchmake/no_such_method/gomoku', '{}');
    expect([method.status, method.json?.code]).toEqual([404, 520]);
  });

  it('521 invalid criteria → 400, and the SDK still shows the message', async () => {
    const answer = await post('/matchmake/create/gomoku', '{"name": ""}');
    expect([answer.status, answer.json?.code]).toEqual([400, 521]);
    expect(answer.json.error).toMatch(/name/);
    const client = new Client(server.url);
    await expect(client.create('gomoku', { name: '' })).rejects.toThrow(/name/);
    await expect(client.create('gomoku', { name: '' })).rejects.toMatchObject({ code: 400 });
  });

  it('522 invalid room id → 404', async () => {
    const answer = await post('/matchmake/joinById/no-such-room-id', '{"name": "Ada"}');
    expect([answer.status, answer.json?.code]).toEqual([404, 522]);
  });

  it('524 expired (a reconnection token that is not valid) → 410', async () => {
    const client = new Client(server.url);
    const room = await client.create('gomoku', { name: 'Ada' });
    const answer = await post(`/matchmake/reconnect/${room.roomId}`, JSON.stringify({ reconnectionToken: `${room.roomId}:bogus` }));
    expect([answer.status, answer.json?.code]).toEqual([410, 524]);
    await room.leave();
  });

  it('525 auth failed → 401 (the ranked queue without a token), message kept', async () => {
    const answer = await post('/matchmake/joinOrCreate/ranked_queue', '{}');
    expect([answer.status, answer.json?.code]).toEqual([401, 525]);
    expect(answer.json.error).toMatch(/auth_required/);
  });

  it('526 application error → 400', async () => {
    const answer = await post('/matchmake/create/zz_broken', '{"fail": "application"}');
    expect([answer.status, answer.json]).toEqual([400, { code: 526, error: 'this room says no' }]);
  });

  it('523 (a server bug) → 500 {error: "internal error", code: 523}, no details', async () => {
    for (const fail of ['unhandled', 'type_error']) {
      const answer = await post('/matchmake/create/zz_broken', JSON.stringify({ fail }));
      expect([fail, answer.status, answer.json]).toEqual([fail, 500, { error: 'internal error', code: 523 }]);
      expect(answer.text).not.toMatch(/secret|Cannot|undefined|\/work\//);
      expect(answer.headers.get('content-length')).toBe(String(Buffer.byteLength(answer.text)));
    }
  });

  it('maps every Colyseus code as documented', () => {
    expect([520, 521, 522, 523, 524, 525, 526, 503, 4212, 200].map(httpStatusFor)).toEqual([404, 400, 404, 500, 410, 401, 400, 503, 400, 200]);
  });

  it('a good request still works through the gate: SDK create and join', async () => {
    const client = new Client(server.url);
    const a = await client.create('gomoku', { name: 'Ada' });
    const b = await client.joinById(a.roomId, { name: 'Bo' });
    expect(b.roomId).toBe(a.roomId);
    await Promise.all([a.leave(), b.leave()]);
  });
});

describe('express: JSON errors, never a stack or a path', () => {
  it.each([
    ['/api/guest', '{"name": ', 400, 'invalid_json'],
    ['/api/ten/verify', '{"v": ', 400, 'invalid_json'],
    ['/api/guest', JSON.stringify({ name: 'x'.repeat(10_000) }), 413, 'too_large'],
    ['/api/ten/verify', JSON.stringify({ pad: 'x'.repeat(600_000) }), 413, 'too_large'],
  ])('%s with a broken or oversized body (case %#): 4xx JSON, no stack, no path', async (route, body, status, code) => {
    const answer = await post(route, body);
    expect([answer.status, answer.json?.code, typeof answer.json?.error]).toEqual([status, code, 'string']);
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    expect(answer.text).not.toMatch(NO_INSIDES);
  });

  it('unknown paths → 404 JSON that does not echo the path', async () => {
    for (const route of ['/api/no-such-thing', '/no-such-page-xyz']) {
      const res = await fetch(`${base}${route}`);
      const text = await res.text();
      expect([res.status, JSON.parse(text)]).toEqual([404, { error: 'not found', code: 'not_found' }]);
      expect(text).not.toContain('no-such');
    }
  });

  it('a handler that throws → 500 {error: "internal error", code: "internal"}, also with NODE_ENV=development', async () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    const app = express();
    app.get('/boom', () => {
      throw new Error('secret failure at /work/main/server/http/x.ts:12');
    });
    app.get('/reject', async () => {
      throw new TypeError('async secret');
    });
    app.use(jsonNotFound());
    app.use(jsonErrors());
    const listener = app.listen(0, '127.0.0.1');
    await new Promise((r) => listener.once('listening', r));
    try {
      const port = (listener.address() as AddressInfo).port;
      for (const route of ['/boom', '/reject']) {
        const res = await fetch(`http://127.0.0.1:${port}${route}`);
        const text = await res.text();
        expect([route, res.status, JSON.parse(text)]).toEqual([route, 500, { error: 'internal error', code: 'internal' }]);
        expect(text).not.toMatch(/secret|\/work\//);
      }
    } finally {
      process.env.NODE_ENV = before;
      await new Promise((r) => listener.close(r));
    }
  });
});

describe('headers', () => {
  it('the client page has a content-security-policy the Pixi client runs under, and helmet headers', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    const csp = Object.fromEntries((res.headers.get('content-security-policy') ?? '').split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toContain("'self'");
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", 'ws:', 'wss:']));
    expect(csp['img-src']).toEqual(expect.arrayContaining(['data:', 'blob:']));
    expect(csp['worker-src']).toEqual(expect.arrayContaining(['blob:']));
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('no x-powered-by on API answers, errors or matchmaking', async () => {
    const answers = await Promise.all([
      fetch(`${base}/healthz`),
      fetch(`${base}/api/online`),
      fetch(`${base}/nothing-here`),
      fetch(`${base}/metrics`),
      fetch(`${base}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
      fetch(`${base}/matchmake/create/gomoku`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'null' }),
    ]);
    expect(answers.map((r) => r.headers.get('x-powered-by'))).toEqual(answers.map(() => null));
  });

  it('without METRICS_TOKEN, /metrics is not on the main port (test/security/metrics-health.test.ts: its own listener)', async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not found', code: 'not_found' });
  });
});

describe('the monitor panel', () => {
  const auth = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

  it('with ADMIN_PASSWORD: 401 without or with wrong credentials, the panel and its API with them', async () => {
    const none = await fetch(`${base}/colyseus/`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect((await fetch(`${base}/colyseus/`, { headers: auth('admin', 'wrong') })).status).toBe(401);
    expect((await fetch(`${base}/colyseus/`, { headers: auth('root', ADMIN_PASSWORD) })).status).toBe(401);
    const page = await fetch(`${base}/colyseus/`, { headers: auth('admin', ADMIN_PASSWORD) });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="app">/);
    // The panel's room inspector (its room list also samples the CPU for a second: not here).
    const room = await new Client(server.url).create('gomoku', { name: 'Ada' });
    const api = await fetch(`${base}/colyseus/api/room?roomId=${room.roomId}`, { headers: auth('admin', ADMIN_PASSWORD) });
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({ clients: expect.any(Array), state: expect.anything() });
    await room.leave();
  });

  it('failed logins are rate limited per address (429 after the limit), the right password still counts nothing', async () => {
    // The three failures of the test above used the limit (3 a minute) up.
    const limited = await fetch(`${base}/colyseus/`, { headers: auth('admin', 'guess') });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fetch(`${base}/colyseus/`, { headers: auth('admin', ADMIN_PASSWORD) })).status).toBe(200);
  });
  // Without ADMIN_PASSWORD: test/server/metrics.test.ts (its server has none) checks the path is a 404.
});

describe('logs', () => {
  function capture() {
    const lines: any[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    return { lines, logger: createLogger(sink, 'info') };
  }

  it('are JSON lines with room and session ids, and tokens, passwords and auth headers redacted', () => {
    const { lines, logger } = capture();
    const room = logger.child({ game: 'gomoku', roomId: 'R1' });
    room.info({ sessionId: 'S1', token: 'tok-secret', options: { reconnectionToken: 'rt-secret', seatToken: 'st-secret', name: 'Ada' } }, 'joined');
    logger.warn({ headers: { authorization: 'Bearer hdr-secret', host: 'x' }, password: 'pw-secret', seatKeys: { 1: 'sk-secret' } }, 'request');
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'joined', game: 'gomoku', roomId: 'R1', sessionId: 'S1', token: '[redacted]', options: { reconnectionToken: '[redacted]', seatToken: '[redacted]', name: 'Ada' } });
    expect(lines[1]).toMatchObject({ level: 'warn', headers: { authorization: '[redacted]', host: 'x' }, password: '[redacted]', seatKeys: '[redacted]' });
    expect(JSON.stringify(lines)).not.toMatch(/-secret/);
  });

  it('roomLog stamps the game and room', () => {
    expect(roomLog('flip7', 'R9').bindings()).toMatchObject({ game: 'flip7', roomId: 'R9' });
  });
});
