/**
 * HTTP bodies. A valid Ten Exorcism session with a `"junk"` key holding
 * 250,000 nested arrays (500 KB) was answered `200 {"valid": true}` after ~275 ms of the main
 * thread, and unknown keys were accepted. Contract, over real HTTP against the real server:
 * - `/api/ten/verify` takes at most 128 KiB (the largest session the room exports is ~40 KB);
 * - every JSON body is scanned before it is parsed: nested deeper than 32 levels is
 *   `400 too_deep`, more items than its route needs is `413 too_large`;
 * - the bodies' schemas are closed: an unknown key is a 400 and nothing happens (no replay, no
 *   guest created); the keys of `/api/ten/verify` and `/api/guest` are checked by the scan itself,
 *   before parsing (many distinct keys are what makes parsing slow after depth);
 * - matchmaking bodies get the same scan in the gate, before Colyseus or `JSON.parse` sees them.
 * What any body within the limits costs is measured by `npm run bench -- http-body`.
 */
import { startParlor, type RunningParlor } from '../../server/app';
import { exportSession, newGame } from '../../shared/games/ten-exorcism';
import { within } from './support';
import { testFileDatabase } from '../support/database';

jest.setTimeout(30000);

let server: RunningParlor;
let base: string;
beforeAll(async () => {
  server = await startParlor({ port: 0, host: '127.0.0.1', redisUrl: undefined, publicAddress: undefined, clientDir: '/nonexistent', rateLimits: { exemptLoopback: true } }, { database: await testFileDatabase() });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await within(server.stop(), 15000, 'the server did not stop').catch((err) => console.error(String(err)));
});

async function post(route: string, body: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

/** A session the verifier accepts: a game with no attempt, score 0. */
const session = exportSession(newGame(7), 'junk-test', 0, 1);
const withKey = (key: string, value: string) => `${JSON.stringify(session).slice(0, -1)},"${key}":${value}}`;
/** A key of the export format, holding something else: the scan lets the key through, so what it holds is what is tested. */
const inId = (value: string) => JSON.stringify({ ...session, id: 0 }).replace('"id":0', `"id":${value}`);
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('/api/ten/verify', () => {
  it('the valid session alone is still verified', async () => {
    expect(await post('/api/ten/verify', JSON.stringify(session))).toEqual({ status: 200, body: { valid: true, score: 0 } });
  });

  it('the attack: a valid session plus 250,000 nested arrays (500 KB) is refused unread, too large (it was 200 valid)', async () => {
    expect(await post('/api/ten/verify', withKey('junk', nested(250_000)))).toEqual({ status: 413, body: { error: expect.any(String), code: 'too_large' } });
  });

  it('within the size limit (60,000 nested arrays, 120 KB) the scan refuses it as too deep, before parsing', async () => {
    const answer = await post('/api/ten/verify', inId(nested(60_000)));
    expect(answer).toEqual({ status: 400, body: { error: expect.stringMatching(/deeper than 32/), code: 'too_deep' } });
  });

  it('33 levels are refused by the scan; 31 pass it and the schema refuses the value', async () => {
    expect(await post('/api/ten/verify', inId(nested(33)))).toMatchObject({ status: 400, body: { code: 'too_deep' } });
    expect(await post('/api/ten/verify', inId(nested(31)))).toMatchObject({ status: 400, body: { code: 'invalid_session', reason: expect.stringContaining('id must be a string') } });
  });

  it('a key the export format does not have is refused before parsing, however small, at the top or in an action', async () => {
    expect(await post('/api/ten/verify', withKey('junk', '1'))).toEqual({ status: 400, body: { error: 'unknown key "junk"', code: 'invalid_body' } });
    const action = JSON.stringify({ ...session, actions: [{ t: 0, s: [0, 0, 0, 0], r: 0, p: 0, extra: true }] });
    expect(await post('/api/ten/verify', action)).toEqual({ status: 400, body: { error: 'unknown key "extra"', code: 'invalid_body' } });
    expect(await post('/api/ten/verify', withKey('__proto__', '{"v": 1}'))).toMatchObject({ status: 400, body: { code: 'invalid_body' } });
    // A known key spelt with escapes is not the key: refused as written.
    expect(await post('/api/ten/verify', JSON.stringify(session).replace('"seed"', '"\\u0073eed"'))).toMatchObject({ status: 400, body: { code: 'invalid_body' } });
  });

  it('a key of the format in the wrong place is refused by the closed schema', async () => {
    expect(await post('/api/ten/verify', withKey('t', '1'))).toMatchObject({ status: 400, body: { code: 'invalid_session', reason: 't is not a field of the export format' } });
  });

  it('a wide body of small items (20,000 zeros, 40 KB) is refused as too large before it is parsed', async () => {
    const answer = await post('/api/ten/verify', JSON.stringify({ ...session, actions: new Array(20_000).fill(0) }));
    expect(answer).toEqual({ status: 413, body: { error: expect.stringMatching(/items/), code: 'too_large' } });
  });

  it('brackets and keys inside strings are text, not structure: a 90 KB id of them is refused by the schema, not the scan', async () => {
    const answer = await post('/api/ten/verify', JSON.stringify({ ...session, id: '[{\\"junk":'.repeat(9_000) }));
    expect(answer).toMatchObject({ status: 400, body: { code: 'invalid_session', reason: expect.stringContaining('id must be a string of at most 100') } });
  });
});

describe('/api/guest', () => {
  it('an unknown key is refused and no guest is created: the name stays free', async () => {
    const name = `Key${process.pid % 100000}`;
    expect(await post('/api/guest', JSON.stringify({ name, admin: true }))).toEqual({ status: 400, body: { error: 'unknown key "admin"', code: 'invalid_body' } });
    const created = await post('/api/guest', JSON.stringify({ name }));
    expect(created).toMatchObject({ status: 201, body: { name } });
  });

  it('deep nesting is refused before parsing', async () => {
    expect(await post('/api/guest', `{"name": ${nested(900)}}`)).toMatchObject({ status: 400, body: { code: 'too_deep' } });
  });
});

describe('matchmaking', () => {
  it('8,000 nested arrays (16 KB) are refused by the gate as too deep', async () => {
    expect(await post('/matchmake/create/gomoku', nested(8000))).toMatchObject({ status: 400, body: { code: 'too_deep' } });
  });

  it('33 levels inside an option are too deep; a wide option of 300 items too large', async () => {
    expect(await post('/matchmake/create/gomoku', `{"name": "Ada", "x": ${nested(33)}}`)).toMatchObject({ status: 400, body: { code: 'too_deep' } });
    expect(await post('/matchmake/create/gomoku', `{"name": "Ada", "x": [${new Array(300).fill(0).join(',')}]}`)).toMatchObject({ status: 413, body: { code: 'too_large' } });
  });

  it('an ordinary create still works after all of it', async () => {
    const answer = await post('/matchmake/create/gomoku', JSON.stringify({ name: 'Ada' }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ roomId: expect.any(String) });
  });
});
