/**
 * Finding 8: the ranked queue and malformed messages. The queue handles no message type at
 * all, so everything a client sends there is unknown; the type "*" with an object payload
 * reached its wildcard handler with that object as the "type" (and the queue room, not a
 * Parlor room, had no last guard). Contract: every message is answered `error {code:
 * "unknown_message" | "invalid_payload"}`, the connection stays open, and the queue goes on
 * (reports, and pairs two waiting players).
 */
import type { Room } from '@colyseus/sdk';
import { nextMessage, sdkClient, sleep } from '../support/server';
import { makeAccount } from '../support/ranked';
import { describeValue as show, leaveAll, nextError, serverSuite, within } from './support';

jest.setTimeout(60000);

const suite = serverSuite();

type AnyRoom = Room<any, any>;
const odd = () => ({ toString: 1, valueOf: 1 });
const CODES = ['unknown_message', 'invalid_payload'];

const JUNK: [string | number, unknown][] = [
  ['hello', {}],
  ['queue', { bestOf: 3 }],
  ['matched', { roomId: 'x' }],
  ['leave', undefined],
  ['*', odd()],
  ['*', { toString: {}, valueOf: {} }],
  ['*', 'text'],
  ['*', undefined],
  [7, odd()],
  [0, undefined],
  [-1, {}],
  [1.5, {}],
  [NaN, {}],
  ['', {}],
  ['__proto__', odd()],
  ['constructor', {}],
  ['toString', odd()],
  ['hasOwnProperty', {}],
  ['filter', { name: 'gomoku', metadata: { game: 'x' } }],
  ['select', [odd(), 2n ** 60n, NaN, -Infinity, new Uint8Array(16)]],
  ['x'.repeat(200), JSON.parse('{"__proto__": {"ranked": true}}')],
];

async function queue(name: string): Promise<AnyRoom> {
  const guest = await makeAccount(suite.server.url, `${name}${Math.floor(Math.random() * 1e6)}`);
  return (await sdkClient(suite.server).joinOrCreate('ranked_queue', { token: guest.token, bestOf: 1 })) as AnyRoom;
}

it('every malformed message gets unknown_message / invalid_payload, the connection stays open, and the queue still pairs', async () => {
  const a = await queue('Junk');
  a.onMessage('queue', () => undefined);
  let left = false;
  a.onLeave(() => { left = true; });
  const problems: string[] = [];
  for (const [type, payload] of JUNK) {
    try {
      let error = { code: 'rate_limited', message: '' };
      // The flood limit is not what this test is about: a message it dropped is sent again after a pause.
      for (let attempt = 0; attempt < 5 && error.code === 'rate_limited'; attempt++) {
        if (attempt > 0) await sleep(1500);
        const answer = nextError(a, 3000, `to ${String(type).slice(0, 20)} ${show(payload)}`);
        a.send(type as string, payload);
        error = await answer;
      }
      if (!CODES.includes(error.code)) problems.push(`${String(type).slice(0, 20)} ${show(payload)} → '${error.code}'`);
      if (typeof error.message !== 'string') problems.push(`${String(type).slice(0, 20)}: no message`);
    } catch (err) {
      problems.push((err as Error).message);
      if (!a.connection?.isOpen) {
        problems.push('the connection closed');
        break;
      }
    }
  }
  expect(problems).toEqual([]);
  expect(left).toBe(false);
  // The queue goes on: it reports to this client, and pairs it with the next player.
  await within(nextMessage(a, 'queue', 3000), 4000, 'no queue report after the junk');
  const matchedA = nextMessage<{ roomId: string }>(a, 'matched', 10000);
  const b = await queue('Pair');
  b.onMessage('queue', () => undefined);
  const matchedB = nextMessage<{ roomId: string }>(b, 'matched', 10000);
  const [ma, mb] = await Promise.all([matchedA, matchedB]);
  expect(ma.roomId).toBe(mb.roomId);
  await leaveAll([a, b]);
});
