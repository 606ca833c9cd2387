/**
 * Malformed lobby filters, each answered: a filter nested 80 arrays deep, or one with a
 * `prototype`/`__proto__`/`constructor` key inside `name`, went unanswered (no `rooms`, no
 * `error`): the client could not tell a refusal from a slow server. Contract (README, "The
 * lobby"): every malformed `filter`, as a message or a join option, is answered
 * `invalid_payload` (an `error {code, message}` message, or a join refusal whose message
 * starts `invalid_payload:`), nothing throws, and the lobby still answers a good filter after.
 */
import type { Room } from '@colyseus/sdk';
import { sdkClient } from '../support/server';
import { JSON_MAX_DEPTH } from '../../server/http/json-shape';
import { eventually, leaveAll, nextError, serverSuite, within } from './support';

jest.setTimeout(30000);

const suite = serverSuite();

type AnyRoom = Room<any, any>;

function nestedArrays(depth: number, inner: unknown = 'gomoku'): unknown {
  let value = inner;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

function nestedObjects(depth: number, inner: unknown = 'gomoku'): unknown {
  let value = inner;
  for (let i = 0; i < depth; i++) value = { name: value };
  return value;
}

/** Keys read as an object's own data by JSON.parse (a literal `__proto__` would set the prototype). */
const withKey = (key: string) => JSON.parse(`{"name": {"${key}": "gomoku"}}`) as unknown;

const MALFORMED: [string, () => unknown][] = [
  ['nested 80 arrays deep', () => nestedArrays(80)],
  ['nested 20 arrays deep', () => nestedArrays(20)],
  ['name nested 20 arrays deep', () => ({ name: nestedArrays(20) })],
  ['name nested 80 arrays deep', () => ({ name: nestedArrays(80) })],
  ['metadata value nested 80 arrays deep', () => ({ name: 'gomoku', metadata: { game: nestedArrays(80) } })],
  ['nested 80 objects deep', () => nestedObjects(80)],
  ['a prototype key inside name', () => withKey('prototype')],
  ['a __proto__ key inside name', () => withKey('__proto__')],
  ['a constructor key inside name', () => withKey('constructor')],
  ['a __proto__ key at the top', () => JSON.parse('{"__proto__": {"name": "gomoku"}}')],
  ['a prototype key at the top', () => ({ prototype: { name: 'gomoku' } })],
  ['a constructor key inside metadata', () => ({ name: 'gomoku', metadata: { constructor: 'x' } })],
  ['a prototype key inside metadata', () => ({ name: 'gomoku', metadata: { prototype: 1 } })],
  ['a __proto__ key inside metadata', () => ({ name: 'gomoku', metadata: JSON.parse('{"__proto__": "x"}') })],
  ['name: a number', () => ({ name: 7 })],
  ['name: a boolean', () => ({ name: true })],
  ['name: an array of strings', () => ({ name: ['gomoku'] })],
  ['name: too long', () => ({ name: 'g'.repeat(33) })],
  ['metadata: an array', () => ({ metadata: [1, 2] })],
  ['metadata value: an array', () => ({ name: 'gomoku', metadata: { game: ['x'] } })],
  ['metadata: too many fields', () => ({ metadata: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`f${i}`, i])) })],
  ['a number', () => 12],
  ['an empty array', () => []],
];

/** Joins the lobby and waits for its first `rooms` list; `lists` keeps every one. */
async function joinLobby(): Promise<{ lobby: AnyRoom; lists: unknown[][] }> {
  const lobby = (await sdkClient(suite.server).joinOrCreate('lobby')) as AnyRoom;
  const lists: unknown[][] = [];
  lobby.onMessage('rooms', (rooms: unknown[]) => lists.push(rooms));
  lobby.onMessage('+', () => undefined);
  lobby.onMessage('-', () => undefined);
  await within(eventually(() => lists.length > 0), 6000, 'the lobby sent no first `rooms` list');
  return { lobby, lists };
}

describe('malformed lobby filters are answered invalid_payload', () => {
  /** The server's msgpack decoder renames a `__proto__` key `__proto_`: inside metadata that is an ordinary (odd) field name. */
  const asMessages = MALFORMED.filter(([label]) => label !== 'a __proto__ key inside metadata');

  it.each(asMessages)('filter message %s: error invalid_payload, no `rooms`; a good filter after is still answered', async (label, filter) => {
    const { lobby, lists } = await joinLobby();
    const error = nextError(lobby, 4000, `to a filter ${label}`);
    lobby.send('filter', filter());
    const answer = await error;
    expect(answer.code).toBe('invalid_payload');
    expect(typeof answer.message).toBe('string');
    expect(answer.message.length).toBeGreaterThan(0);
    expect(lists).toHaveLength(1); // the refused filter listed nothing
    lobby.send('filter', { name: 'gomoku' });
    expect(await eventually(() => lists.length === 2, 4000)).toBe(true);
    await leaveAll([lobby]);
  });

  it.each(MALFORMED)('join option filter %s: refused at matchmaking with invalid_payload (or too_deep, deeper than the gate takes any body)', async (_label, filter) => {
    const value = filter();
    // The matchmaking gate refuses any body nested deeper than JSON_MAX_DEPTH before a room sees it (400, too_deep).
    const refusal = depthOf({ filter: value }) > JSON_MAX_DEPTH ? /^JSON nested deeper than/ : /^invalid_payload: /;
    await expect(sdkClient(suite.server).joinOrCreate('lobby', { filter: value } as any)).rejects.toThrow(refusal);
  });
});
