/**
 * Finding 3: one lobby message killed the process. Colyseus's LobbyRoom reads a client's
 * `filter` as given (`room.metadata[field]` for every key of `filter.metadata`), when the
 * filter arrives and again whenever a listing changes, in a presence callback where a throw
 * is an uncaught exception. Contract: the process stays up and serving, a bad filter (sent as
 * a message) is answered `error {code: "invalid_payload"}`, a bad filter in the join options is
 * refused at matchmaking or answered the same way, and a valid filter still filters.
 *
 * In-process, an exception escaping the server (uncaught, or an unhandled rejection) fails the
 * running test, which is how "the process would have died" shows here; each test also checks
 * that /healthz answers and that a fresh game still plays a move.
 */
import type { Room } from '@colyseus/sdk';
import { sdkClient, waitForState } from '../support/server';
import { collectErrors, eventually, httpBase, leaveAll, nextError, serverSuite, within } from './support';

jest.setTimeout(30000);

const suite = serverSuite();

type AnyRoom = Room<any, any>;

/** Joins the lobby and waits for the `rooms` list every joining client gets first, so the next `rooms` answers a filter. */
async function joinLobby(options?: Record<string, unknown>): Promise<{ lobby: AnyRoom; nextRooms: () => Promise<any[]> }> {
  const lobby = (await sdkClient(suite.server).joinOrCreate('lobby', options as any)) as AnyRoom;
  const lists: any[][] = [];
  lobby.onMessage('rooms', (rooms: any[]) => lists.push(rooms));
  lobby.onMessage('+', () => undefined);
  lobby.onMessage('-', () => undefined);
  await within(eventually(() => lists.length > 0), 6000, 'the lobby sent no first `rooms` list');
  let taken = 1;
  const nextRooms = async () => {
    const wanted = ++taken;
    await within(eventually(() => lists.length >= wanted, 3000), 4000, 'no `rooms` answer');
    if (lists.length < wanted) throw new Error('no `rooms` answer to the filter');
    return lists[wanted - 1];
  };
  return { lobby, nextRooms };
}

/** Filters that are not a filter: each must get `error {code: 'invalid_payload'}` and change nothing. */
const BAD_FILTERS: [string, () => unknown][] = [
  ['a number', () => 42],
  ['a string', () => 'gomoku'],
  ['an array', () => ['gomoku', { metadata: { game: 'x' } }]],
  ['true', () => true],
  ['metadata: a string', () => ({ name: 'gomoku', metadata: 'game' })],
  ['metadata: a number', () => ({ name: 'gomoku', metadata: 7 })],
  ['metadata: an array', () => ({ name: 'gomoku', metadata: ['game', 'x'] })],
  ['metadata: null', () => ({ name: 'gomoku', metadata: null })],
  ['name: a number', () => ({ name: 5 })],
  ['name: an object', () => ({ name: { toString: 1, valueOf: 1 } })],
  ['metadata value: an object with odd toString', () => ({ name: 'gomoku', metadata: { game: { toString: 1, valueOf: 1 } } })],
  ['deep nesting', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 60; i++) deep = { game: deep };
    return { name: 'gomoku', metadata: deep };
  }],
  ['an unknown field', () => ({ name: 'gomoku', evil: true })],
];

/**
 * Filters of a legal shape with odd contents: the lobby may take them (and list what matches)
 * or refuse them with `invalid_payload`; either way nothing throws.
 */
const ODD_FILTERS: [string, () => unknown][] = [
  ['metadata without a name', () => ({ metadata: { game: 'x' } })],
  ['metadata with constructor/hasOwnProperty keys', () => ({ name: 'gomoku', metadata: { constructor: 1, hasOwnProperty: 2, toString: 'x' } })],
  ['metadata with a __proto__ key', () => ({ name: 'gomoku', metadata: JSON.parse('{"__proto__": {"game": "x"}}') })],
  ['a metadata field no listing has', () => ({ name: 'gomoku', metadata: { game: 'x' } })],
];

/** Makes the lobby re-filter for every client: a new listing, a listing that changes, a listing that goes. */
async function churnListings(): Promise<void> {
  const client = sdkClient(suite.server);
  const a = (await client.create('gomoku', { name: 'Churn A' })) as AnyRoom;
  const f = (await client.create('flip7', { name: 'Churn F' })) as AnyRoom;
  const t = (await client.create('tictactoe', { name: 'Churn T' })) as AnyRoom;
  const b = (await client.joinById(a.roomId, { name: 'Churn B' })) as AnyRoom; // the gomoku listing changes (players, phase)
  await waitForState(b, (s) => s.phase === 'swap2_placement');
  await leaveAll([t, f, b, a]); // the listings change again, then go
}

/** The server still serves: /healthz answers, and a new game plays a move both players see. */
async function stillServing(): Promise<void> {
  const res = await within(fetch(`${httpBase(suite.server.url)}/healthz`), 5000, '/healthz did not answer');
  expect(res.status).toBe(200);
  const client = sdkClient(suite.server);
  const p1 = (await client.create('gomoku', { name: 'After A' })) as AnyRoom;
  const p2 = (await client.joinById(p1.roomId, { name: 'After B' })) as AnyRoom;
  await waitForState(p1, (s) => s.phase === 'swap2_placement' && s.toMove === p1.sessionId);
  p1.send('place', { x: 7, y: 7 });
  await waitForState(p2, (s) => s.turn === 1);
  await leaveAll([p1, p2]);
}

describe('the lobby with hostile filters', () => {
  it('a valid filter still works: `rooms` lists only rooms of that name, and updates follow it', async () => {
    const client = sdkClient(suite.server);
    const gomoku = (await client.create('gomoku', { name: 'Listed' })) as AnyRoom;
    const monty = (await client.create('monty_hall', { name: 'Listed' })) as AnyRoom;
    const { lobby, nextRooms } = await joinLobby();
    const plus: string[] = [];
    lobby.onMessage('+', ([, room]: [string, { name: string }]) => plus.push(room.name));
    lobby.send('filter', { name: 'gomoku' });
    const rooms = await nextRooms();
    expect(rooms.map((r) => r.roomId)).toContain(gomoku.roomId);
    expect(rooms.every((r) => r.name === 'gomoku')).toBe(true);
    // A listing change of another room type does not reach this client; one of gomoku does.
    const other = (await client.joinById(gomoku.roomId, { name: 'Second' })) as AnyRoom;
    expect(await eventually(() => plus.includes('gomoku'))).toBe(true);
    await leaveAll([monty]);
    expect(plus.every((name) => name === 'gomoku')).toBe(true);
    await leaveAll([lobby, other, gomoku]);
  });

  it('a valid filter on metadata no listing has answers `rooms` (possibly empty) and keeps the process up as listings change', async () => {
    const queue = await listedQueue(); // a listed room with no metadata
    const { lobby, nextRooms } = await joinLobby();
    const errors = collectErrors(lobby);
    lobby.send('filter', { name: 'gomoku', metadata: { game: 'x' } });
    const answered = await Promise.race([nextRooms().then((rooms) => ({ rooms })), eventually(() => errors.length > 0, 4000).then(() => ({ error: errors[0] }))]);
    if ('rooms' in answered) expect(answered.rooms).toEqual([]);
    else expect(answered.error?.code).toBe('invalid_payload');
    await churnListings();
    await stillServing();
    await leaveAll([lobby, queue]);
  });

  it.each(BAD_FILTERS)('filter message with %s: error invalid_payload; the process stays up through listing changes', async (_label, filter) => {
    const queue = await listedQueue();
    const { lobby } = await joinLobby();
    const error = nextError(lobby, 3000, `to filter ${_label}`);
    lobby.send('filter', filter());
    const churn = churnListings();
    const settled = await Promise.allSettled([error, churn]);
    await stillServing();
    if (settled[1].status === 'rejected') throw settled[1].reason;
    if (settled[0].status === 'rejected') throw settled[0].reason;
    expect(settled[0].value.code).toBe('invalid_payload');
    expect(typeof settled[0].value.message).toBe('string');
    await leaveAll([lobby, queue]);
  });

  it.each(ODD_FILTERS)('filter message with %s: answered `rooms` or invalid_payload; the process stays up through listing changes', async (_label, filter) => {
    const queue = await listedQueue();
    const { lobby, nextRooms } = await joinLobby();
    const errors = collectErrors(lobby);
    lobby.send('filter', filter());
    const answered = await Promise.race([nextRooms().then((rooms) => ({ rooms })), eventually(() => errors.length > 0, 4000).then(() => ({ error: errors[0] }))]);
    await churnListings();
    await stillServing();
    if ('error' in answered) expect(answered.error?.code).toBe('invalid_payload');
    await leaveAll([lobby, queue]);
  });

  it.each(ODD_FILTERS)('join options {filter: %s}: taken or refused; the process stays up', async (_label, filter) => {
    const queue = await listedQueue();
    let lobby: AnyRoom | undefined;
    try {
      lobby = (await sdkClient(suite.server).joinOrCreate('lobby', { filter: filter() } as any)) as AnyRoom;
      for (const t of ['rooms', '+', '-', 'error']) lobby.onMessage(t, () => undefined);
    } catch {
      // refused at matchmaking: fine
    }
    await churnListings();
    await stillServing();
    await leaveAll([lobby, queue]);
  });

  it.each(BAD_FILTERS)('join options {filter: %s}: refused at matchmaking, or answered invalid_payload; the process stays up', async (_label, filter) => {
    const client = sdkClient(suite.server);
    const queue = await listedQueue();
    let lobby: AnyRoom | undefined;
    let refused = false;
    const errors: { code: string }[] = [];
    try {
      lobby = (await client.joinOrCreate('lobby', { filter: filter() } as any)) as AnyRoom;
      lobby.onMessage('error', (e: { code: string }) => errors.push(e));
      lobby.onMessage('rooms', () => undefined);
      lobby.onMessage('+', () => undefined);
      lobby.onMessage('-', () => undefined);
    } catch {
      refused = true;
    }
    await churnListings();
    await stillServing();
    if (!refused) {
      expect(await eventually(() => errors.length > 0, 3000)).toBe(true);
      expect(errors[0].code).toBe('invalid_payload');
    }
    await leaveAll([lobby, queue]);
  });

  it('unknown message types in the lobby are answered unknown_message, and the lobby connection stays open', async () => {
    const { lobby } = await joinLobby();
    let left = false;
    lobby.onLeave(() => { left = true; });
    const junk: [string | number, unknown][] = [
      ['hello', { x: 1 }], [7, { x: 1 }], ['__proto__', { x: 1 }], ['constructor', {}], ['toString', {}],
      // The type "*" reaches the wildcard handler with the payload in the place of the type.
      ['*', { toString: 1, valueOf: 1 }], ['*', { toString: {}, valueOf: {} }], ['*', 'text'], ['*', undefined],
    ];
    for (const [type, payload] of junk) {
      const error = nextError(lobby, 3000, `to type ${String(type)} ${JSON.stringify(payload)}`);
      lobby.send(type as string, payload);
      expect((await error).code).toBe('unknown_message');
    }
    expect(left).toBe(false);
    await stillServing();
    await leaveAll([lobby]);
  });
});

/** A client in the `ranked_queue` room, so the lobby lists a room whose listing has no metadata. */
async function listedQueue(): Promise<AnyRoom | undefined> {
  const queue = (await sdkClient(suite.server).joinOrCreate('ranked_queue', { token: await guestToken() }).catch(() => undefined)) as AnyRoom | undefined;
  queue?.onMessage('queue', () => undefined);
  return queue;
}

let token: string | undefined;
/** A guest token, to list a `ranked_queue` room (a room whose listing has no metadata). */
async function guestToken(): Promise<string> {
  if (token) return token;
  const res = await fetch(`${httpBase(suite.server.url)}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `Lobbyist${Math.floor(Math.random() * 1e6)}` }) });
  token = ((await res.json()) as { token: string }).token;
  return token;
}
