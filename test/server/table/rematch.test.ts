/**
 * The rematch policy over real sockets, with Flip 7: every player still at the table asks, a
 * new table with the same options is made, each player gets their seat in it, the bots come
 * back as bots, and every spectator gets the new room's id to watch it. A player who left is
 * not waited for.
 */
import type { Room } from '@colyseus/sdk';
import { closedByServer, nextMessage, quickTableSuite, sdkClient, waitForState } from '../../support/server';
import { autoplayFlip7 } from '../../support/flip7-autoplay';

const suite = quickTableSuite();

type Table = Room<any, any>;

const expectError = async (room: Table, code: string) => {
  const error = nextMessage<{ code: string }>(room, 'error');
  room.send('rematch', {});
  expect((await error).code).toBe(code);
};

/** A Flip 7 table with two bots, the given players and a spectator, played to its end. */
async function playedTable(names: string[]) {
  const client = sdkClient(suite.server);
  const host = (await client.create('flip7', { name: names[0], bots: 2, maxPlayers: 2 + names.length, turnSeconds: 60 })) as Table;
  const players = [host];
  for (const name of names.slice(1)) players.push((await client.joinById(host.roomId, { name })) as Table);
  const watcher = (await client.joinById(host.roomId, { name: 'Vic', spectate: true })) as Table;
  watcher.onMessage('error', () => undefined);
  await waitForState(watcher, (s: any) => s.players.size === 2 + names.length && s.spectators === 1);
  players.forEach(autoplayFlip7);
  await expectError(host, 'not_started');
  host.send('start', {});
  await waitForState(host, (s: any) => s.phase === 'playing');
  await expectError(host, 'wrong_phase');
  await Promise.all([...players, watcher].map((r) => waitForState(r, (s: any) => s.phase === 'game_over', 60000)));
  return { client, players, watcher };
}

it('Flip 7: both players ask, each gets their seat at a new table with the same options and the bots; the spectator gets the room to watch', async () => {
  const { client, players: [ada, bo], watcher } = await playedTable(['Ada', 'Bo']);
  // The first bot was "Ada (cautious bot)" until the player Ada sat down.
  const botNames = [...ada.state.players.values()].filter((p: any) => p.bot).map((p: any) => p.name);
  expect(botNames).toHaveLength(2);
  expect(botNames.some((n: string) => n.startsWith('Ada'))).toBe(false);

  await expectError(watcher, 'spectator');
  const offers = [nextMessage(ada, 'rematch'), nextMessage(bo, 'rematch'), nextMessage(watcher, 'rematch')];
  ada.send('rematch', {});
  await waitForState(watcher, (s: any) => [...s.rematchVotes].includes(ada.sessionId));
  await expectError(ada, 'already_asked');
  bo.send('rematch', {});
  const [forAda, forBo, forWatcher] = await Promise.all(offers);
  expect(forAda.roomId).not.toBe(ada.roomId);
  expect([forBo.roomId, forWatcher.roomId]).toEqual([forAda.roomId, forAda.roomId]);
  expect(forWatcher.reservation).toBeUndefined();

  const nextAda = (await client.consumeSeatReservation(forAda.reservation)) as Table;
  const nextBo = (await client.consumeSeatReservation(forBo.reservation)) as Table;
  const nextWatcher = (await client.joinById(forWatcher.roomId, { name: 'Vic', spectate: true })) as Table;
  const s = await waitForState(nextWatcher, (st: any) => st.players.size === 4 && st.spectators === 1);
  const rows = [...s.players.values()].sort((a: any, b: any) => a.seat - b.seat).map((p: any) => ({ name: p.name, seat: p.seat, bot: p.bot }));
  expect(rows).toEqual([
    { name: botNames[0], seat: 1, bot: true },
    { name: botNames[1], seat: 2, bot: true },
    { name: 'Ada', seat: 3, bot: false },
    { name: 'Bo', seat: 4, bot: false },
  ]);
  expect(s.maxPlayers).toBe(4);
  expect(s.turnSeconds).toBe(60);
  expect(s.phase).toBe('lobby');
  // Nobody else can take a seat kept for the rematch, and the new game starts as any does.
  const stranger = (await client.joinById(forAda.roomId, { name: 'Mallory' })) as Table;
  await waitForState(stranger, (st: any) => st.spectators === 2);
  expect(stranger.state.players.has(stranger.sessionId)).toBe(false);
  nextAda.send('start', {});
  await waitForState(nextWatcher, (st: any) => st.phase === 'playing');
  // Seated at the new table, the players are let go from the old one; the spectator stays until it leaves.
  await Promise.all([ada, bo].map((r) => closedByServer(r)));
  await Promise.all([watcher, nextAda, nextBo, nextWatcher, stranger].map((r) => r.leave()));
}, 90000);

it('Flip 7: a player who left after the end is not waited for; the others get the rematch', async () => {
  const { client, players: [ada, bo, cy], watcher } = await playedTable(['Ada', 'Bo', 'Cy']);
  const offers = [nextMessage(ada, 'rematch'), nextMessage(bo, 'rematch')];
  ada.send('rematch', {});
  await waitForState(watcher, (s: any) => [...s.rematchVotes].includes(ada.sessionId));
  bo.send('rematch', {});
  await waitForState(watcher, (s: any) => [...s.rematchVotes].includes(bo.sessionId));
  // Cy goes: the two votes are now everyone's.
  const watcherOffer = nextMessage(watcher, 'rematch');
  await cy.leave();
  const [forAda, forBo] = await Promise.all(offers);
  expect(forBo.roomId).toBe(forAda.roomId);
  expect((await watcherOffer).roomId).toBe(forAda.roomId);
  const nextAda = (await client.consumeSeatReservation(forAda.reservation)) as Table;
  const nextBo = (await client.consumeSeatReservation(forBo.reservation)) as Table;
  await waitForState(nextAda, (s: any) => s.players.size === 4);
  expect([...nextAda.state.players.values()].filter((p: any) => !p.bot).map((p: any) => p.name).sort()).toEqual(['Ada', 'Bo']);
  await Promise.all([ada, bo].map((r) => closedByServer(r)));
  await Promise.all([watcher, nextAda, nextBo].map((r) => r.leave()));
}, 90000);
