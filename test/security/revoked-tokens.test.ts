/**
 * Tables took a token on its signature alone: after "sign out everywhere" (or a password change)
 * and after an account's deletion, its old token still joined every table, and Monty Hall read
 * and wrote the account's statistics and the computer-game limit counted the account. Contract
 * (README, "Accounts"): a token a table is given (the SDK's `client.auth.token`, or Monty Hall's
 * `account` option) is checked as the ranked queue checks it; one that does not hold refuses the
 * join at matchmaking with its code (`token_revoked`, `account_deleted`, `token_expired`,
 * `invalid_token`), before a room is made or a seat reserved, so nothing of the account is read
 * or written; a seated client of such an account cannot come back after a drop. No token: a
 * guest, as before.
 */
import { Client, type Room } from '@colyseus/sdk';
import { SqlCounterStore } from '../../server/stores/counter-store';
import { testFileDatabase } from '../support/database';
import { makeAccount, makeGuest, httpBase, TEST_PASSWORD } from '../support/ranked';
import { sdkClient, waitForState } from '../support/server';
import { leaveAll, roomCount, serverSuite } from './support';

jest.setTimeout(60000);

const suite = serverSuite();

/** Every table game, with options that make each one's room (Gomoku against the computer counts the per-player limit). */
const TABLES: [string, Record<string, unknown>][] = [
  ['gomoku', { name: 'Ada' }],
  ['gomoku', { name: 'Ada', opponent: 'computer', level: 1, swap2: false }],
  ['flip7', { name: 'Ada' }],
  ['tictactoe', { name: 'Ada' }],
  ['connect_four', { name: 'Ada' }],
  ['ten_exorcism', { name: 'Ada' }],
  ['monty_hall', { name: 'Ada' }],
];

function clientWith(token?: string): Client {
  const client = sdkClient(suite.server);
  if (token) client.auth.token = token;
  return client;
}

async function post(path: string, token: string, body: unknown = {}): Promise<number> {
  const res = await fetch(`${httpBase(suite.server.url)}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.status;
}

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${httpBase(suite.server.url)}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: TEST_PASSWORD }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function playMonty(room: Room): Promise<void> {
  await waitForState(room, (s: any) => s.phase === 'initialized' && s.doors.length === 3);
  room.send('select', { door: 1 });
  await waitForState(room, (s: any) => s.phase === 'host_reveal');
  room.send('decide', { strategy: 'stick' });
  await waitForState(room, (s: any) => s.phase === 'complete');
}

const played = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
/** Games in the statistics a Monty Hall room shows its player. */
const shown = (x: any) => x.stickWins + x.stickLosses + x.switchWins + x.switchLosses;
const montyGroup = (playerId: string) => `monty:account:${playerId}`;
const counters = async () => new SqlCounterStore(await testFileDatabase());

/** Every way the old token may knock at a table: creating each game, joining a room by id (to play, to watch), Monty Hall's `account` option. */
async function expectRefusedEverywhere(token: string, code: RegExp): Promise<void> {
  const host = (await clientWith().create('gomoku', { name: 'Host' })) as Room;
  const rooms = await roomCount();
  const computerGames = suite.server.services.computer.games.live;
  for (const [game, options] of TABLES) {
    await expect(clientWith(token).create(game, options)).rejects.toThrow(code);
    await expect(clientWith(token).joinOrCreate(game, options)).rejects.toThrow(code);
  }
  await expect(clientWith(token).joinById(host.roomId, { name: 'Ada' })).rejects.toThrow(code);
  await expect(clientWith(token).joinById(host.roomId, { name: 'Ada', spectate: true })).rejects.toThrow(code);
  await expect(clientWith().create('monty_hall', { name: 'Ada', account: token })).rejects.toThrow(code);
  expect(await roomCount()).toBe(rooms);
  expect(suite.server.services.computer.games.live).toBe(computerGames);
  await waitForState(host, (s: any) => s.players.size === 1 && s.spectators === 0);
  await leaveAll([host]);
}

describe('tables check a token against its account', () => {
  it('signed out everywhere: the old token is refused at every table with token_revoked; its Monty Hall statistics are not touched; a new sign-in plays', async () => {
    const account = await makeAccount(suite.server.url, 'Revoka');
    const monty = (await clientWith(account.token).create('monty_hall', { name: 'Revoka', account: account.token })) as Room;
    await playMonty(monty);
    await leaveAll([monty]);
    expect(played(await (await counters()).get(montyGroup(account.playerId)))).toBe(1);

    expect(await post('/api/account/sign-out-everywhere', account.token)).toBe(200);
    await expectRefusedEverywhere(account.token, /^token_revoked: /);
    expect(played(await (await counters()).get(montyGroup(account.playerId)))).toBe(1);

    // The account itself is fine: signed in again, its statistics are there and count on.
    const fresh = await signIn(account.email);
    const again = (await clientWith(fresh).create('monty_hall', { name: 'Revoka', account: fresh })) as Room;
    const state: any = await waitForState(again, (s: any) => s.players.size === 1 && shown(s.stats) === 1);
    expect(shown(state.stats)).toBe(1);
    await leaveAll([again]);
  });

  it('a password change ends the other tokens at the tables too', async () => {
    const account = await makeAccount(suite.server.url, 'Changer');
    const other = await signIn(account.email);
    const res = await fetch(`${httpBase(suite.server.url)}/api/account/password`, {
      method: 'POST', headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ oldPassword: TEST_PASSWORD, newPassword: 'another correct horse battery' }),
    });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    await expect(clientWith(other).create('tictactoe', { name: 'Changer' })).rejects.toThrow(/^token_revoked: /);
    const room = (await clientWith(token).create('tictactoe', { name: 'Changer' })) as Room;
    await leaveAll([room]);
  });

  it('a deleted account: its token is refused at every table with account_deleted; its Monty Hall statistics, deleted with it, are not written again', async () => {
    const guest = await makeGuest(suite.server.url, `Deleta${Math.floor(Math.random() * 1e6)}`);
    const monty = (await clientWith().create('monty_hall', { name: 'Deleta', account: guest.token })) as Room;
    await playMonty(monty);
    await leaveAll([monty]);
    expect(played(await (await counters()).get(montyGroup(guest.playerId)))).toBe(1);

    expect(await post('/api/account/delete', guest.token)).toBe(200);
    // The deletion takes the account's statistics with it; the refused joins write none back.
    expect(played(await (await counters()).get(montyGroup(guest.playerId)))).toBe(0);
    await expectRefusedEverywhere(guest.token, /^account_deleted: /);
    expect(played(await (await counters()).get(montyGroup(guest.playerId)))).toBe(0);
  });

  it('an expired or forged token is refused too; without a token a table plays as a guest', async () => {
    const guest = await makeGuest(suite.server.url, `Expira${Math.floor(Math.random() * 1e6)}`);
    const expired = suite.server.services.tokens.sign({ id: guest.playerId, name: guest.name, v: 0 }, 1, Date.now() - 10_000);
    await expect(clientWith(expired).create('tictactoe', { name: 'Expira' })).rejects.toThrow(/^token_expired: /);
    await expect(clientWith(`${guest.token}x`).create('tictactoe', { name: 'Expira' })).rejects.toThrow(/^invalid_token: /);
    const unknown = suite.server.services.tokens.sign({ id: 'no-such-player', name: 'Nobody', v: 0 });
    await expect(clientWith(unknown).create('tictactoe', { name: 'Nobody' })).rejects.toThrow(/^invalid_token: /);
    const anonymous = (await clientWith().create('gomoku', { name: 'Guest' })) as Room;
    const live = (await clientWith(guest.token).joinById(anonymous.roomId, { name: 'Expira' })) as Room;
    await waitForState(anonymous, (s: any) => s.players.size === 2);
    await leaveAll([live, anonymous]);
  });

  it('a player seated with a token then signed out everywhere cannot come back after a drop', async () => {
    const account = await makeAccount(suite.server.url, 'Dropper');
    const host = (await clientWith().create('gomoku', { name: 'Host' })) as Room;
    const client = clientWith(account.token);
    const seated = (await client.joinById(host.roomId, { name: 'Dropper' })) as Room;
    await waitForState(host, (s: any) => s.players.size === 2 && s.phase === 'swap2_placement');

    expect(await post('/api/account/sign-out-everywhere', account.token)).toBe(200);
    const reconnectionToken = seated.reconnectionToken;
    seated.reconnection.enabled = false;
    (seated.connection as any).transport.ws.close(3000);
    await waitForState(host, (s: any) => s.players.get(seated.sessionId)?.connected === false);
    await expect(client.reconnect(reconnectionToken)).rejects.toThrow(/token_revoked/);
    // Refused, the drop counts as leaving: the game is abandoned to the player who stayed.
    await waitForState(host, (s: any) => s.phase === 'game_over');
    await leaveAll([host]);
  });
});
