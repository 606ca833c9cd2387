/** Helpers for ranked play through the real HTTP API and SDK. */
import type { Client, Room } from '@colyseus/sdk';
import { nextMessage, waitForState } from './server';
import { act, type GomokuRoomClient } from './gomoku-client';

export interface Guest {
  playerId: string;
  name: string;
  token: string;
}

export function httpBase(wsUrl: string): string {
  return wsUrl.replace(/^ws/, 'http');
}

export async function makeGuest(wsUrl: string, name: string): Promise<Guest> {
  const res = await fetch(`${httpBase(wsUrl)}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
  if (res.status !== 201) throw new Error(`guest ${name}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Guest;
}

/** The password makeAccount gives every account it makes. */
export const TEST_PASSWORD = 'correct horse battery staple';

/**
 * A registered account (rated play takes no anonymous guest), made through the SDK's route,
 * `POST /auth/register`; shaped as a guest is, so the ranked helpers take either.
 */
export async function makeAccount(wsUrl: string, name: string, email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}.${Math.random().toString(36).slice(2, 10)}@example.test`): Promise<Guest & { email: string }> {
  const res = await fetch(`${httpBase(wsUrl)}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: TEST_PASSWORD, options: { name } }) });
  if (res.status !== 201) throw new Error(`account ${name}: ${res.status} ${await res.text()}`);
  const { user, token } = (await res.json()) as { user: { id: string; name: string }; token: string };
  return { playerId: user.id, name: user.name, token, email };
}

/** A guest claims their account (email and password): the same player, its token still good. */
export async function claimAccount(wsUrl: string, guest: Guest, email: string): Promise<Guest & { email: string }> {
  const res = await fetch(`${httpBase(wsUrl)}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${guest.token}` }, body: JSON.stringify({ email, password: TEST_PASSWORD }) });
  if (res.status !== 201) throw new Error(`claim ${guest.name}: ${res.status} ${await res.text()}`);
  const { user, token } = (await res.json()) as { user: { id: string; name: string }; token: string };
  return { playerId: user.id, name: user.name, token, email };
}

export async function getJson(wsUrl: string, path: string): Promise<any> {
  const res = await fetch(`${httpBase(wsUrl)}${path}`);
  return { status: res.status, body: await res.json() };
}

/** Queues a player (a registered account: makeAccount); resolves with the queue room and a promise of its `matched` message. */
export async function queueUp(client: Client, guest: Guest, bestOf: 1 | 3 = 1, timeoutMs = 10000) {
  const queue = await client.joinOrCreate('ranked_queue', { token: guest.token, bestOf });
  const matched = nextMessage<{ roomId: string; matchId: string; reservation: any }>(queue, 'matched', timeoutMs);
  return { queue, matched };
}

/** Takes the seat a `matched` message reserved, and leaves the queue. */
export async function takeSeat(client: Client, queue: Room, matched: { reservation: any }): Promise<GomokuRoomClient> {
  const room = (await client.consumeSeatReservation(matched.reservation)) as GomokuRoomClient;
  await queue.leave();
  return room;
}

/** The rooms ordered by the seat their player holds in the current game. */
export function bySeat(rooms: GomokuRoomClient[]): [GomokuRoomClient, GomokuRoomClient] {
  const seat = (r: GomokuRoomClient) => r.state.players.get(r.sessionId)!.seat;
  return [...rooms].sort((a, b) => seat(a) - seat(b)) as [GomokuRoomClient, GomokuRoomClient];
}

/**
 * Plays one ranked game that seat 1 wins: the Swap 2 opening far in the corners, seat 2
 * takes Black, and White (seat 1, first to move in the main game) makes an exact five.
 */
export async function playSeatOneWins(rooms: GomokuRoomClient[], awaitEnd = true): Promise<void> {
  await Promise.all(rooms.map((r) => waitForState(r, (s) => s.phase === 'swap2_placement' && s.toMove !== '', 8000)));
  const [one, two] = bySeat(rooms);
  for (const [x, y] of [[0, 0], [14, 14], [0, 14]]) await act(one, 'place', { x, y }, rooms);
  await act(two, 'choose', { choice: 'black' }, rooms);
  for (let i = 0; i < 4; i++) {
    await act(one, 'place', { x: 5 + i, y: 7 }, rooms);
    await act(two, 'place', { x: 5 + i, y: 10 }, rooms);
  }
  // The winning stone; a test that crashes the server there does not wait for the end.
  if (!awaitEnd) return one.send('place', { x: 9, y: 7 });
  await act(one, 'place', { x: 9, y: 7 }, rooms);
  await Promise.all(rooms.map((r) => waitForState(r, (s) => s.phase === 'game_over')));
}
