/**
 * The monitor panel and CORS. The monitor's `GET /colyseus/api/room/call` ran any method of any
 * room: a link on another site, followed by an admin with the panel open (the browser sends the
 * basic-auth credentials along), made a room send a forged `error` to every player. And Colyseus
 * answered every request with `Access-Control-Allow-Origin: <the caller>` and
 * `Access-Control-Allow-Credentials: true`. Contract, over real HTTP against the real server:
 * - `GET …/api/room/call` runs nothing (405); a room call is a POST, refused 403 `cross_site`
 *   unless it comes from the site's own pages (`Sec-Fetch-Site: same-origin`, or an `Origin`
 *   equal to PUBLIC_URL's or the request's own), and runs only the methods the panel calls;
 * - CORS lets only PUBLIC_URL's origin read, without credentials, on every route: express's,
 *   Colyseus's matchmaking, the gate's refusals and preflights.
 */
import type { Room } from '@colyseus/sdk';
import { Client } from '@colyseus/sdk';
import { startParlor, type RunningParlor } from '../../server/app';
import { testFileDatabase } from '../support/database';
import { collectErrors, leaveAll, nextError } from './support';

jest.setTimeout(30000);

const ADMIN_PASSWORD = 'monitor test password';
const SITE = 'https://parlor.example';
const EVIL = 'https://evil.example';
const AUTH = { authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}` };
const FORGED = { code: 'forged', message: 'the server is shutting down: go to evil.example' };

let server: RunningParlor;
let base: string;
let player: Room;
beforeAll(async () => {
  server = await startParlor(
    { port: 0, host: '127.0.0.1', redisUrl: undefined, publicAddress: undefined, clientDir: '/nonexistent', publicUrl: SITE, adminPassword: ADMIN_PASSWORD, rateLimits: { exemptLoopback: true } },
    { database: await testFileDatabase() },
  );
  base = `http://127.0.0.1:${server.port}`;
  player = await new Client(server.url).create('gomoku', { name: 'Ada' });
});
afterAll(async () => {
  await leaveAll([player]);
  await server?.stop();
});

/** The `error` messages the player got before the room answered a message sent now (the room answers in order). */
async function errorsSoFar(errors: { code: string }[]): Promise<{ code: string }[]> {
  const marker = nextError(player, 10000, 'to the marker');
  player.send('no_such_message', {});
  expect((await marker).code).toBe('unknown_message');
  return errors.filter((e) => e.code !== 'unknown_message');
}

const callQuery = (method: string, args: unknown[]) => new URLSearchParams({ roomId: player.roomId, method, args: JSON.stringify(args) }).toString();

function postCall(body: unknown, headers: Record<string, string>) {
  return fetch(`${base}/colyseus/api/room/call`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

describe('the monitor room calls', () => {
  it('GET /colyseus/api/room/call runs nothing: 405, and the players get no forged error', async () => {
    const errors = collectErrors(player);
    const answer = await fetch(`${base}/colyseus/api/room/call?${callQuery('broadcast', ['error', FORGED])}`, { headers: AUTH });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(await answer.json()).toEqual({ error: expect.any(String), code: 'method_not_allowed' });
    expect(await errorsSoFar(errors)).toEqual([]);
  });

  it.each([
    ['a cross-site fetch', { origin: EVIL, 'sec-fetch-site': 'cross-site' }],
    ['a sibling site', { origin: 'https://other.parlor.example', 'sec-fetch-site': 'same-site' }],
    ['a same-origin Origin contradicted by Sec-Fetch-Site', { origin: SITE, 'sec-fetch-site': 'cross-site' }],
    ['another Origin without Sec-Fetch-Site', { origin: EVIL }],
    ['no Origin and no Sec-Fetch-Site', {}],
  ])('a POST from %s is refused 403 cross_site and runs nothing', async (_label, headers) => {
    const errors = collectErrors(player);
    const answer = await postCall({ roomId: player.roomId, method: 'broadcast', args: ['error', FORGED] }, headers);
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: expect.any(String), code: 'cross_site' });
    expect(await errorsSoFar(errors)).toEqual([]);
  });

  it.each<[string, () => Record<string, string>]>([
    ['Sec-Fetch-Site: same-origin', () => ({ 'sec-fetch-site': 'same-origin' })],
    ["PUBLIC_URL's Origin", () => ({ origin: SITE })],
    ["the request's own Origin", () => ({ origin: base })],
  ])('a POST with %s runs the call (the panel sends a message to the room)', async (_label, headers) => {
    const own = headers();
    const notice = new Promise((resolve) => player.onMessage('notice', resolve));
    const answer = await postCall({ roomId: player.roomId, method: 'broadcast', args: ['notice', { text: 'maintenance at noon' }] }, own);
    expect(answer.status).toBe(200);
    expect(await notice).toEqual({ text: 'maintenance at noon' });
  });

  it('only the methods the panel calls, in a closed body: anything else is 400 invalid_body and runs nothing', async () => {
    const sameOrigin = { 'sec-fetch-site': 'same-origin' };
    const refused = [
      { roomId: player.roomId, method: 'onDispose', args: [] },
      { roomId: player.roomId, method: 'lock', args: [] },
      { roomId: player.roomId, method: 'broadcast', args: ['error', FORGED], extra: 1 },
      { roomId: player.roomId, method: 'broadcast', args: 'error' },
      [player.roomId, 'broadcast'],
    ];
    const errors = collectErrors(player);
    for (const body of refused) {
      const answer = await postCall(body, sameOrigin);
      expect([answer.status, (await answer.json()).code]).toEqual([400, 'invalid_body']);
    }
    expect(await errorsSoFar(errors)).toEqual([]);
    const gone = await postCall({ roomId: 'no_such_room', method: 'disconnect', args: [] }, sameOrigin);
    expect([gone.status, (await gone.json()).code]).toEqual([404, 'not_found']);
  });

  it('without credentials a room call is 401 whatever its origin', async () => {
    const answer = await fetch(`${base}/colyseus/api/room/call`, { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, body: '{}' });
    expect(answer.status).toBe(401);
  });

  it("the panel's page loads the script that sends its room calls as POSTs, before its own code", async () => {
    const page = await (await fetch(`${base}/colyseus/`, { headers: AUTH })).text();
    expect(page).toMatch(/<div id="app">/);
    const script = page.indexOf('<script src="/colyseus/parlor-room-calls.js">');
    expect(script).toBeGreaterThan(0);
    expect(script).toBeLessThan(page.indexOf('<script type="module"'));
    const code = await fetch(`${base}/colyseus/parlor-room-calls.js`, { headers: AUTH });
    expect(code.status).toBe(200);
    expect(code.headers.get('content-type')).toMatch(/javascript/);
    expect(await code.text()).toMatch(/method: 'POST'/);
    expect((await fetch(`${base}/colyseus/parlor-room-calls.js`)).status).toBe(401);
  });
});

describe('CORS: only the site itself, never with credentials', () => {
  const routes: [string, () => Promise<Response>][] = [
    ['an express route (GET /healthz)', () => fetch(`${base}/healthz`, { headers: { origin: EVIL } })],
    ['an express 404', () => fetch(`${base}/api/no-such-route`, { headers: { origin: EVIL } })],
    ['matchmaking (POST /matchmake/create/gomoku)', () => fetch(`${base}/matchmake/create/gomoku`, { method: 'POST', headers: { origin: EVIL, 'content-type': 'application/json' }, body: '{"name":"Eve"}' })],
    ["matchmaking's refusal (no such room)", () => fetch(`${base}/matchmake/create/no_such_room`, { method: 'POST', headers: { origin: EVIL, 'content-type': 'application/json' }, body: '{}' })],
    ["the gate's refusal (a body that is not an object)", () => fetch(`${base}/matchmake/create/gomoku`, { method: 'POST', headers: { origin: EVIL, 'content-type': 'application/json' }, body: '[]' })],
    ['the monitor API', () => fetch(`${base}/colyseus/api/room?roomId=${player.roomId}`, { headers: { ...AUTH, origin: EVIL } })],
  ];

  it.each(routes)('%s: Access-Control-Allow-Origin is the site, for any caller; no credentials', async (_label, request) => {
    const answer = await request();
    await answer.arrayBuffer();
    expect(answer.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('a preflight from another site is answered with the site as the one origin, no credentials', async () => {
    const answer = await fetch(`${base}/matchmake/create/gomoku`, { method: 'OPTIONS', headers: { origin: EVIL, 'access-control-request-method': 'POST' } });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    expect(answer.headers.get('access-control-allow-methods')).toMatch(/POST/);
  });
});
