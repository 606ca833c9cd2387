/**
 * Ranked players on several networks, for the tests of the ranked rules: the test server trusts
 * one proxy (`trustProxy: 1`), so an X-Forwarded-For header on a request is its client's address,
 * both where an account is made (`POST /auth/register`) and where it queues (the SDK's requests).
 * A request without the header comes from 127.0.0.1.
 */
import { Client } from '@colyseus/sdk';
import type { RunningParlor } from '../../../server/app';
import { bySeat, getJson, httpBase, TEST_PASSWORD, type Guest } from '../../support/ranked';
import { nextMessage, waitForState } from '../../support/server';
import { act, type GomokuRoomClient } from '../../support/gomoku-client';
import { eventually } from '../../security/support';

/** The `matched` message of the queue, with why the match's games will not be rated ('' when they will). */
export interface Matched {
  roomId: string;
  matchId: string;
  reservation: unknown;
  unrated: string;
}

const headersFrom = (address?: string): Record<string, string> => (address ? { 'x-forwarded-for': address } : {});

/** A registered account made from `address` (127.0.0.1 when left out). */
export async function accountFrom(server: RunningParlor, name: string, address?: string): Promise<Guest> {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}.${Math.random().toString(36).slice(2, 10)}@example.test`;
  const res = await fetch(`${httpBase(server.url)}/auth/register`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headersFrom(address) },
    body: JSON.stringify({ email, password: TEST_PASSWORD, options: { name } }),
  });
  if (res.status !== 201) throw new Error(`account ${name}: ${res.status} ${await res.text()}`);
  const { user, token } = (await res.json()) as { user: { id: string; name: string }; token: string };
  return { playerId: user.id, name: user.name, token };
}

/** An SDK client whose requests come from `address`. */
export function clientFrom(server: RunningParlor, address?: string): Client {
  return new Client(server.url, { headers: headersFrom(address) });
}

/** Both queue, each from its address; resolves with their seated rooms and what `matched` told each. */
export async function pairUpFrom(server: RunningParlor, [a, addressA]: [Guest, string?], [b, addressB]: [Guest, string?]) {
  const [ca, cb] = [clientFrom(server, addressA), clientFrom(server, addressB)];
  const qa = await ca.joinOrCreate('ranked_queue', { token: a.token, bestOf: 1 });
  qa.onMessage('queue', () => undefined);
  const ma = nextMessage<Matched>(qa, 'matched', 15000);
  const qb = await cb.joinOrCreate('ranked_queue', { token: b.token, bestOf: 1 });
  qb.onMessage('queue', () => undefined);
  const mb = nextMessage<Matched>(qb, 'matched', 15000);
  const matched = await Promise.all([ma, mb]);
  const rooms: GomokuRoomClient[] = [];
  for (const [client, queue, m] of [[ca, qa, matched[0]], [cb, qb, matched[1]]] as const) {
    rooms.push((await client.consumeSeatReservation(m.reservation as never)) as GomokuRoomClient);
    await queue.leave();
  }
  await Promise.all(rooms.map((r) => waitForState(r, (s: any) => s.ranked && s.players.size === 2 && s.phase === 'swap2_placement' && s.toMove !== '')));
  return { rooms, matched, matchId: matched[0].matchId };
}

/**
 * Plays one game `winner` (a player id) wins with an exact five, the loser making five or more
 * actions of their own: the opening in the corners, seat 2 takes the colour that leaves the
 * winner White (White moves first in the main game).
 */
export async function playWonBy(rooms: GomokuRoomClient[], winner: string): Promise<void> {
  const [one, two] = bySeat(rooms);
  const winnerSeat = (one.state.players.get(one.sessionId) as any).playerId === winner ? one : two;
  for (const [x, y] of [[0, 0], [14, 14], [0, 14]]) await act(one, 'place', { x, y }, rooms);
  await act(two, 'choose', { choice: winnerSeat === one ? 'black' : 'white' }, rooms);
  const loserSeat = winnerSeat === one ? two : one;
  for (let i = 0; i < 4; i++) {
    await act(winnerSeat, 'place', { x: 5 + i, y: 7 }, rooms);
    await act(loserSeat, 'place', { x: 5 + i, y: 10 }, rooms);
  }
  await act(winnerSeat, 'place', { x: 9, y: 7 }, rooms);
  await Promise.all(rooms.map((r) => waitForState(r, (s) => s.phase === 'game_over')));
}

/** The match's record once its (only) game is settled. */
export async function finishedMatch(server: RunningParlor, matchId: string) {
  let match: any;
  await eventually(async () => {
    match = (await getJson(server.url, `/api/matches/${matchId}`)).body;
    return match.status === 'finished';
  }, 10000);
  expect(match.status).toBe('finished');
  return match;
}

/** A player's public record (`GET /api/players/<id>`). */
export async function publicRecord(server: RunningParlor, guest: Guest): Promise<{ rating: number; games: number; display: string }> {
  return (await getJson(server.url, `/api/players/${guest.playerId}`)).body;
}
