/**
 * The rematch vote, as a policy a game plugs into its table: once every seated player has
 * asked, a new room with the same options is made with each seat held by a key, and each
 * player gets a reservation for the next seat round (in a two-seat game the other player
 * opens).
 */
import { matchMaker, type Client } from '@colyseus/core';
import type { TableErrorCode } from '../../shared/core/errors';
import { emptyPayload } from '../../shared/core/payload';
import { newKey } from '../ids';
import type { TablePolicy } from './server-game';
import type { TableHost } from './server-game';

interface Votes {
  length: number;
  includes(id: string): boolean;
  push(...ids: string[]): number;
  [index: number]: string;
}

export interface RematchOptions {
  /** The synced list of the players who asked. */
  votes(state: unknown): Votes;
  /** The new room's options from this one's (default: the same). */
  next?(options: Record<string, unknown>): Record<string, unknown>;
  /** A table that has no rematch: the code and message to refuse with. */
  refuse?(state: unknown): [code: TableErrorCode, message: string] | null;
}

export function rematch(options: RematchOptions) {
  return (host: TableHost): TablePolicy => {
    const votes = () => options.votes(host.schema);

    async function ask(client: Client, seat: number | null) {
      if (seat === null) return host.reject(client, 'spectator', 'spectators cannot act');
      if (host.game() === null) return host.reject(client, 'not_started', 'the game has not started: it starts when the seats are taken');
      if (host.outcome() === null) return host.reject(client, 'wrong_phase', 'a rematch can be asked for once the game is over');
      const refused = options.refuse?.(host.schema);
      if (refused) return host.reject(client, refused[0], refused[1]);
      if (votes().includes(client.sessionId)) return host.reject(client, 'already_asked', 'you already asked for a rematch');
      votes().push(client.sessionId);
      host.afterChange();
      const seated = host.seats.filter((s) => s && !s.bot);
      if (votes().length < seated.length) return;

      const seats = host.seats;
      const keys = Object.fromEntries(seats.map((_, i) => [i + 1, newKey()]));
      const own = Object.fromEntries(Object.entries(host.options).filter(([k]) => k !== 'name' && k !== 'spectate'));
      const next = await matchMaker.createRoom(host.roomName, { ...(options.next?.(own) ?? own), seatKeys: keys });
      for (const [i, record] of seats.entries()) {
        if (!record || record.bot) continue;
        // Seats move round by one: in a two-seat game, the players swap.
        const reservation = await matchMaker.reserveSeatFor(next, { name: record.name, seatKey: keys[((i + 1) % seats.length) + 1] });
        host.client(record.id)?.send('rematch', { roomId: next.roomId, reservation });
      }
    }

    return {
      name: 'rematch',
      messages: { rematch: { schema: emptyPayload, handle: (client, seat) => ask(client, seat) } },
      save: () => Array.from({ length: votes().length }, (_, i) => votes()[i]),
      restore: (data) => {
        for (const id of (data as string[] | undefined) ?? []) votes().push(id);
      },
    };
  };
}
