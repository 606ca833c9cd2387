/**
 * The seat belongs to the account, not to a tab: an account seated at a table that joins it
 * again (a new tab, a new window, another device — here, a second SDK client with the same
 * token) plays in its seat. The newest connection plays; an older one still connected becomes
 * a spectator and hears `seat_moved {}`; a dropped one's reconnection ends. One seat, one live
 * connection: the opponent sees one player for the account, connected.
 */
import type { Client, Room } from '@colyseus/sdk';
import type { RunningParlor } from '../../../server/app';
import { nextMessage, sdkClient, startTestServer, waitForState } from '../../support/server';
import { makeGuest, type Guest } from '../../support/ranked';
import { act, cell, expectRejected, type GomokuRoomClient } from '../../support/gomoku-client';

jest.setTimeout(60000);

let server: RunningParlor;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

function clientOf(guest?: Guest): Client {
  const client = sdkClient(server);
  if (guest) client.auth.token = guest.token;
  return client;
}

/** Ada (an account) opens a Gomoku game, Bo joins it: Ada moves first. */
async function game(): Promise<{ ada: Guest; a1: GomokuRoomClient; bo: GomokuRoomClient }> {
  const ada = await makeGuest(server.url, `Ada${Math.random().toString(36).slice(2, 6)}`);
  const a1 = (await clientOf(ada).create('gomoku', { name: ada.name, swap2: false, turnSeconds: 120 })) as GomokuRoomClient;
  const bo = (await clientOf().joinById(a1.roomId, { name: 'Bo' })) as GomokuRoomClient;
  await waitForState(bo, (s) => s.phase === 'main_game' && s.toMove === a1.sessionId);
  return { ada, a1, bo };
}

const rows = (room: Room) => [...((room.state as any).players as Map<string, any>).entries()].map(([id, p]) => ({ id, name: p.name, connected: p.connected }));

it('a second connection of the seated account takes the seat: it plays, the first watches and hears seat_moved', async () => {
  const { ada, a1, bo } = await game();
  const moved = nextMessage(a1, 'seat_moved');
  const a2 = (await clientOf(ada).joinById(a1.roomId, { name: ada.name })) as GomokuRoomClient;
  expect(await moved).toEqual({});
  await waitForState(bo, (s) => s.players.has(a2.sessionId) && !s.players.has(a1.sessionId) && s.spectators === 1);
  // The opponent sees one player for the account, connected, in the seat it had.
  const seen = rows(bo);
  expect(seen).toHaveLength(2);
  expect(seen).toEqual(expect.arrayContaining([{ id: a2.sessionId, name: ada.name, connected: true }, { id: bo.sessionId, name: 'Bo', connected: true }]));
  expect(bo.state.toMove).toBe(a2.sessionId);
  await waitForState(a2, (s) => s.toMove === a2.sessionId);
  // The older tab is a spectator now: its moves are refused, the newest connection's are played.
  await waitForState(a1, (s) => !s.players.has(a1.sessionId));
  await expectRejected(a1, 'place', cell(7, 7), 'spectator');
  await act(a2, 'place', cell(7, 7), [a2, bo]);
  expect(bo.state.toMove).toBe(bo.sessionId);
  await Promise.all([a1.leave(), a2.leave(), bo.leave()]);
});

it('the older connection takes the seat back by joining again: the newest connection plays', async () => {
  const { ada, a1, bo } = await game();
  const a2 = (await clientOf(ada).joinById(a1.roomId, { name: ada.name })) as GomokuRoomClient;
  await waitForState(bo, (s) => s.players.has(a2.sessionId));
  const movedFromA2 = nextMessage(a2, 'seat_moved');
  await a1.leave();
  const a3 = (await clientOf(ada).joinById(bo.roomId, { name: ada.name })) as GomokuRoomClient;
  await movedFromA2;
  await waitForState(bo, (s) => s.players.has(a3.sessionId) && s.players.size === 2 && s.toMove === a3.sessionId);
  await waitForState(a3, (s) => s.toMove === a3.sessionId);
  await act(a3, 'place', cell(7, 7), [a3, bo]);
  await Promise.all([a2.leave(), a3.leave(), bo.leave()]);
});

it("a dropped seat's owner coming back on another device gets the seat, and the dropped token brings no second player", async () => {
  const { ada, a1, bo } = await game();
  a1.reconnection.enabled = false;
  const oldToken = a1.reconnectionToken;
  const goneId = a1.sessionId;
  (a1.connection as any).transport.ws.close(3000);
  await waitForState(bo, (s) => s.players.get(goneId)?.connected === false);
  const a2 = (await clientOf(ada).joinById(bo.roomId, { name: ada.name })) as GomokuRoomClient;
  await waitForState(bo, (s) => s.players.has(a2.sessionId) && !s.players.has(goneId));
  expect(rows(bo).find((r) => r.id === a2.sessionId)).toEqual({ id: a2.sessionId, name: ada.name, connected: true });
  await waitForState(a2, (s) => s.toMove === a2.sessionId);
  await expect(clientOf(ada).reconnect(oldToken)).rejects.toThrow();
  await act(a2, 'place', cell(7, 7), [a2, bo]);
  expect(bo.state.players.size).toBe(2);
  expect(bo.state.phase).toBe('main_game');
  await Promise.all([a2.leave(), bo.leave()]);
});

it('the owner joining to watch stays a spectator, and a player without the account gets no seat', async () => {
  const { ada, a1, bo } = await game();
  const watching = (await clientOf(ada).joinById(a1.roomId, { name: ada.name, spectate: true })) as GomokuRoomClient;
  const stranger = (await clientOf(await makeGuest(server.url, `Cy${Math.random().toString(36).slice(2, 6)}`)).joinById(a1.roomId, { name: 'Cy' })) as GomokuRoomClient;
  await waitForState(bo, (s) => s.spectators === 2);
  expect(bo.state.players.has(a1.sessionId)).toBe(true);
  expect(bo.state.players.size).toBe(2);
  await act(a1, 'place', cell(7, 7), [a1, bo]);
  await Promise.all([a1.leave(), bo.leave(), watching.leave(), stranger.leave()]);
});

async function myTables(token?: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url.replace(/^ws/, 'http')}/api/me/tables`, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

it('GET /api/me/tables lists the tables where the account holds a seat; /api/online does not show accounts', async () => {
  const { ada, a1, bo } = await game();
  const cy = await makeGuest(server.url, `Cy${Math.random().toString(36).slice(2, 6)}`);
  const watching = (await clientOf(cy).joinById(a1.roomId, { name: cy.name, spectate: true })) as GomokuRoomClient;
  await waitForState(bo, (s) => s.spectators === 1);
  await waitUntilListed(ada.token, a1.roomId);
  expect((await myTables(ada.token)).body.tables).toEqual([{ roomId: a1.roomId, game: 'gomoku' }]);
  // Watching is no seat.
  expect(await myTables(cy.token)).toEqual({ status: 200, body: { tables: [] } });
  expect(await myTables()).toEqual({ status: 401, body: { error: expect.any(String), code: 'auth_required' } });
  expect(await myTables('not-a-token')).toEqual({ status: 401, body: { error: expect.any(String), code: 'invalid_token' } });
  const online = (await (await fetch(`${server.url.replace(/^ws/, 'http')}/api/online`)).json()) as { players: Record<string, unknown>[] };
  expect(online.players.length).toBeGreaterThan(0);
  expect(online.players.every((p) => !('account' in p))).toBe(true);
  await Promise.all([a1.leave(), bo.leave(), watching.leave()]);
});

/** Presence is written in batches: the seat shows in the list within a moment. */
async function waitUntilListed(token: string, roomId: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await myTables(token)).body.tables?.some((t: { roomId: string }) => t.roomId === roomId)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`room ${roomId} never listed`);
}
