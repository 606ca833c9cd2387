/** Helpers for tournament tests through the real HTTP API and SDK: make an event, enter its room, join it, read its page. */
import { Client, type Room } from '@colyseus/sdk';
import { getJson, httpBase, type Guest } from './ranked';

/** A `paired` message: the game's room and match, the seat reserved in it, and (a Swiss event) the round. */
export interface Paired { roomId: string; matchId: string; reservation: unknown; round?: number }

/** A client in an event's `tournament` room, with every `paired` message it heard so far. */
export interface Seat { client: Client; room: Room; paired: Paired[] }

/** `POST /api/tournaments` as `owner`: the response as it came (a test reads its status and body). */
export function createTournament(wsUrl: string, owner: Guest, body: unknown): Promise<Response> {
  return fetch(`${httpBase(wsUrl)}/api/tournaments`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` }, body: JSON.stringify(body),
  });
}

/**
 * Enters the event's `tournament` room on a client of its own: as `player` (their token), or as
 * a watcher without one. It collects `paired` and hears `you` and `error` (a test that wants them
 * adds its own listener). It does not reconnect: a test that stops a server sees the room drop.
 */
export async function enterTournament(wsUrl: string, tournamentId: string, player?: Guest): Promise<Seat> {
  const client = new Client(wsUrl);
  const room: Room = await client.joinOrCreate('tournament', player ? { tournamentId, token: player.token } : { tournamentId });
  room.reconnection.enabled = false;
  const paired: Paired[] = [];
  room.onMessage('paired', (p: Paired) => paired.push(p));
  room.onMessage('you', () => undefined);
  room.onMessage('error', () => undefined);
  return { client, room, paired };
}

/** Sends `join_event` and resolves with the first line (`you`) that shows the player in the event. */
export function joinTournament(room: Room): Promise<{ joined: boolean; rank: number }> {
  const joined = new Promise<{ joined: boolean; rank: number }>((resolve) => {
    const off = room.onMessage('you', (you: { joined: boolean; rank: number }) => you.joined && (off(), resolve(you)));
  });
  room.send('join_event', {});
  return joined;
}

/** The body of `GET /api/tournaments/:id` (`query`: a page of standings, e.g. `?limit=500`). */
export async function tournamentDetail(wsUrl: string, id: string, query = ''): Promise<any> {
  return (await getJson(wsUrl, `/api/tournaments/${id}${query}`)).body;
}
