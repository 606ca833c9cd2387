/**
 * `log {from}`: the synced state holds the log's last 40 lines; a spectator stepping back
 * through a live game asks the room for the rest. The answer goes to the asker alone, holds
 * the same entries the synced lines do, is refused for a malformed question and rate-limited
 * (its answer is far larger than the question).
 */
import type { Room } from '@colyseus/sdk';
import type { RunningParlor } from '../../server/app';
import { LOG_LINES } from '../../server/games/flip7/mirror';
import type { Flip7LogEntry } from '../../shared/games/flip7';
import { flushMessages, nextMessage, sdkClient, startTestServer, waitForState } from '../support/server';
import { autoplayFlip7 } from '../support/flip7-autoplay';

let server: RunningParlor;
let host: Room<any, any>;
let guest: Room<any, any>;
beforeAll(async () => {
  process.env.BOT_DELAY_MS = '5';
  process.env.NEXT_ROUND_MS = '30';
  server = await startTestServer();
  const client = sdkClient(server);
  host = (await client.create('flip7', { name: 'Ada', bots: 2, maxPlayers: 4 })) as Room<any, any>;
  guest = (await client.joinById(host.roomId, { name: 'Bo' })) as Room<any, any>;
  [host, guest].forEach(autoplayFlip7);
  await waitForState(host, (s: any) => s.players.size === 4);
  host.send('start', {});
  // Long enough that the synced lines no longer reach back to the first deal.
  await waitForState(host, (s: any) => (s.log.at(-1)?.i ?? 0) >= LOG_LINES + 10, 60000);
});
afterAll(async () => {
  delete process.env.BOT_DELAY_MS;
  delete process.env.NEXT_ROUND_MS;
  await Promise.all([host.leave(), guest.leave()]);
  await server.stop();
});

const watch = async () => (await sdkClient(server).joinById(host.roomId, { name: 'Eve', spectate: true })) as Room<any, any>;
/** A synced line as the entry it shows (the schema gives every line `scores` and `totals`, empty but for a round's end). */
const plain = (row: any) => Object.fromEntries(Object.entries(row.toJSON()).filter(([key, value]) => key !== 'i' && value !== undefined && !(Array.isArray(value) && value.length === 0)));

it('a spectator gets the whole log from the first deal; it holds the synced lines, numbered as they are', async () => {
  const eve = await watch();
  let hostHeard = 0;
  host.onMessage('log', () => hostHeard++);
  const answer = nextMessage<{ base: number; entries: Flip7LogEntry[]; oldest: number }>(eve, 'log');
  eve.send('log', { from: 0 });
  const { base, entries, oldest } = await answer;
  expect([base, oldest]).toEqual([0, 0]);
  expect(entries[0]).toEqual({ kind: 'round', round: 1, seat: 0 });
  const rows = [...eve.state.log];
  expect(rows[0].i).toBeGreaterThan(0);
  const held = rows.filter((r: any) => r.i < entries.length);
  expect(held.length).toBeGreaterThan(0);
  for (const row of held) expect(entries[row.i]).toEqual(plain(row));
  expect(JSON.stringify(entries)).not.toMatch(/deck|salt|order/);

  const later = nextMessage<{ base: number; entries: Flip7LogEntry[] }>(eve, 'log');
  eve.send('log', { from: 12 });
  const part = await later;
  expect(part).toMatchObject({ base: 12, oldest: 0 });
  expect(part.entries.slice(0, entries.length - 12)).toEqual(entries.slice(12));
  // Eve's answers were sent before the host's barrier was handled: had the host been sent one, it has it by now.
  await flushMessages([host]);
  expect(hostHeard).toBe(0);
  await eve.leave();
});

it('a malformed question is refused with invalid_payload and answered with nothing', async () => {
  const eve = await watch();
  const errors: { code: string }[] = [];
  let answers = 0;
  eve.onMessage('error', (e) => errors.push(e));
  eve.onMessage('log', () => answers++);
  const bad = [{ from: -1 }, { from: 1.5 }, { from: '0' }, {}, { from: 0, all: true }, JSON.parse('{"from":0,"__proto__":{"x":1}}'), null, [0]];
  for (const payload of bad) eve.send('log', payload);
  await flushMessages([eve]); // every reply to them has arrived
  expect(errors.map((e) => e.code)).toEqual([...bad.map(() => 'invalid_payload'), 'unknown_message']);
  expect(answers).toBe(0);
  await eve.leave();
});

it('asking again and again is rate-limited: a burst of 4, then refused with rate_limited', async () => {
  // A seated player asks: the bucket is the seat's (the spectators above share their address's, partly spent).
  const eve = guest;
  const errors: { code: string; message: string }[] = [];
  let answers = 0;
  eve.onMessage('error', (e) => errors.push(e));
  eve.onMessage('log', () => answers++);
  for (let k = 0; k < 7; k++) eve.send('log', { from: 0 });
  await flushMessages([eve]); // every reply to them has arrived
  expect(answers).toBe(4);
  expect(errors.map((e) => e.code)).toEqual(['rate_limited', 'rate_limited', 'rate_limited', 'unknown_message']);
  expect(errors[0].message).toMatch(/^log: at most 4 at once/);
});
