/**
 * The matchmaking gate cannot be walked around. Node accepts request targets that are not paths
 * (any starting with `*`, absolute forms), and Colyseus's router drops a target's first segment
 * whatever it is: the target `*` + `/matchmake/create/gomoku` was served as matchmaking while the gate,
 * looking for `/matchmake/`, let it pass. From one address that held 40 rooms (cap 20), made 130
 * matchmaking calls without a 429, had a 4 MiB body read and parsed (the gate takes 16 KiB), and
 * a client-sent `x-parlor-client-address` header was believed, charging another address's room
 * window. Contract, over real HTTP (raw requests, each actor its own address through
 * TRUST_PROXY=1, loopback counted):
 * - any request target that is not a path is refused 400 `bad_target`, before its body is read;
 * - so the room cap, the matchmaking rate limit and the body cap hold whatever the target;
 * - no header a client sends is taken for its address: a forged one charges no one else.
 */
import http from 'node:http';
import net from 'node:net';
import { Client } from '@colyseus/sdk';
import { startParlor, type RunningParlor } from '../../server/app';
import { testFileDatabase } from '../support/database';
import { leaveAll, roomCount, within } from './support';

jest.setTimeout(60000);

const MAX_HELD = 2;
const MATCHMAKE_CALLS = 6;
const ROOM_CREATIONS = 3;

/**
 * Request targets Node accepts: the first three Colyseus's router served as matchmaking; the
 * absolute form it did not, but express reads it as its path, and nothing needs it.
 */
const ODD_TARGETS = ['*/matchmake/create/gomoku', '*x/matchmake/create/gomoku', '*/matchmake/joinOrCreate/gomoku', 'http://127.0.0.1/matchmake/create/gomoku'];

let server: RunningParlor;
beforeAll(async () => {
  server = await startParlor({
    port: 0,
    host: '127.0.0.1',
    redisUrl: undefined,
    publicAddress: undefined,
    clientDir: '/nonexistent',
    trustProxy: 1,
    rateLimits: { exemptLoopback: false, matchmake: { points: MATCHMAKE_CALLS, seconds: 600 }, rooms: { points: ROOM_CREATIONS, seconds: 600 } },
    maxRoomsPerAddress: MAX_HELD,
  }, { database: await testFileDatabase() });
});
afterAll(async () => {
  await server?.stop();
});

interface Answer {
  status: number;
  body: any;
}

/** A POST with the request target exactly as given, from `address` (X-Forwarded-For, one trusted hop). */
function post(target: string, address: string, options: object = { name: 'Ada' }, headers: Record<string, string> = {}): Promise<Answer> {
  const body = JSON.stringify(options);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: target,
      // A Host without a port, as behind a proxy: Colyseus builds the call's URL from it and the target.
      headers: { host: 'parlor.example', 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': address, ...headers },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = text;
        }
        resolve({ status: res.statusCode ?? 0, body: json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const badTarget = { status: 400, body: { error: expect.any(String), code: 'bad_target' } };

it.each(ODD_TARGETS)('POST %s is refused 400 bad_target and makes no room', async (target) => {
  const before = await roomCount();
  expect(await post(target, '198.51.100.1')).toEqual(badTarget);
  expect(await roomCount()).toBe(before);
});

it(`the room cap holds: an address holding ${MAX_HELD} rooms makes no more through an odd target`, async () => {
  const address = '198.51.100.2';
  const client = new Client(server.url);
  const held = [];
  for (let i = 0; i < MAX_HELD; i++) {
    const reservation = await post('/matchmake/create/gomoku', address, { name: `Ada${i}` });
    expect(reservation.status).toBe(200);
    held.push(await client.consumeSeatReservation(reservation.body));
  }
  const before = await roomCount();
  expect(await post('/matchmake/create/gomoku', address)).toMatchObject({ status: 429, body: { error: expect.stringMatching(/^too_many_rooms: /) } });
  for (const target of ODD_TARGETS) expect(await post(target, address)).toEqual(badTarget);
  expect(await roomCount()).toBe(before);
  await leaveAll(held);
});

it(`the matchmaking rate limit holds: past ${MATCHMAKE_CALLS} calls, an odd target gets no further than a plain one`, async () => {
  const address = '198.51.100.3';
  for (let i = 0; i < MATCHMAKE_CALLS; i++) expect((await post('/matchmake/create/no_such_room', address)).status).toBe(404);
  expect(await post('/matchmake/create/gomoku', address)).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
  const before = await roomCount();
  for (let i = 0; i < 2 * MATCHMAKE_CALLS; i++) {
    const answer = await post(ODD_TARGETS[i % ODD_TARGETS.length], address);
    expect(answer.status).toBe(400);
  }
  expect(await roomCount()).toBe(before);
});

it('the body cap holds: a 4 MiB body behind an odd target is answered 400 before it is sent', async () => {
  const declared = 4 * 1024 * 1024;
  const socket = net.connect(server.port, '127.0.0.1');
  try {
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        text += chunk;
        const head = text.indexOf('\r\n\r\n');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text)?.[1] ?? NaN);
        if (head >= 0 && text.length >= head + 4 + length) resolve(text);
      });
      socket.on('error', () => undefined); // the server may close it once it has answered
    });
    // The head and the first 16 KiB of a body that declares 4 MiB: the rest is never sent.
    socket.write(`POST */matchmake/create/gomoku HTTP/1.1\r\nHost: parlor.example\r\nX-Forwarded-For: 198.51.100.4\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`);
    socket.write(`{"name":"Ada","pad":"${'x'.repeat(16 * 1024)}`);
    // A bound against hanging: a server reading the whole body would never answer.
    const text = await within(answer, 20000, 'no answer while the 4 MiB body is unsent: the server is reading it');
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual(badTarget.body);
  } finally {
    socket.destroy();
  }
});

it("a forged x-parlor-client-address charges its own sender's window, never the address it names", async () => {
  const attacker = '198.51.100.5';
  const victim = '198.51.100.6';
  const forged = { 'x-parlor-client-address': victim };
  // Odd targets carrying the forged header: refused, nothing counted for anyone.
  for (let i = 0; i < ROOM_CREATIONS + 1; i++) expect(await post(ODD_TARGETS[i % ODD_TARGETS.length], attacker, { name: 'Mallory' }, forged)).toEqual(badTarget);
  // Plain targets carrying it: the rooms count against the sender, who runs out of its own window.
  for (let i = 0; i < ROOM_CREATIONS; i++) expect((await post('/matchmake/create/gomoku', attacker, { name: 'Mallory' }, forged)).status).toBe(200);
  expect(await post('/matchmake/create/gomoku', attacker, { name: 'Mallory' }, forged)).toMatchObject({ status: 429, body: { error: expect.stringMatching(/^too_many_rooms: /) } });
  // The victim's window is whole.
  for (let i = 0; i < ROOM_CREATIONS; i++) expect((await post('/matchmake/create/gomoku', victim, { name: 'Bo' })).status).toBe(200);
});
