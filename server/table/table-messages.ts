/**
 * What a table answers its clients' messages with: the game's messages (the table's own `start`
 * of a host game, or an action for the rules, through the pipeline), the game's queries (answered
 * in turn with the room's steps, under a token bucket of their own) and the policies' messages.
 */
import type { Client } from '@colyseus/core';
import type { AnyGame } from '../../shared/core/game';
import { FloodControl } from '../guards/flood-control';
import type { Handle } from './parlor-room';
import type { TableSchema } from './server-game';
import type { TableRoom } from './table-room';

/**
 * Registers the messages of a table class, once for all its rooms (`ParlorRoom.handleMessages`):
 * every handler gets the room it runs in. `room`: the class's first room, read for what every
 * room of the class has alike (its game's messages, queries and policies' message types).
 */
export function tableMessages<G extends AnyGame, S extends TableSchema>(room: TableRoom<G, S>, handle: Handle<TableRoom<G, S>>): void {
  for (const type of Object.keys(room.definition.messages)) {
    handle(type, room.definition.messages[type]!, (at, client, payload) => onGameMessage(at, client, type, payload));
  }
  for (const [type, query] of Object.entries(room.serverGame.queries ?? {})) {
    const { limit } = query;
    handle(type, query.schema, (at, client, payload) => {
      // The same token bucket as flood control, per query: over it, a question is refused, never a reason to disconnect.
      // Made at the room's first question: most rooms are never asked.
      if (limit) {
        const asked = at.queryLimits.get(type) ?? new FloodControl({ ...limit, disconnectAfter: Infinity, windowMs: 10_000 });
        at.queryLimits.set(type, asked);
        if (asked.verdict(at.seating.askerKey(client.sessionId), Date.now()) !== 'admit') {
          return at.reject(client, 'rate_limited', `${type}: at most ${limit.burst} at once, then one every ${Math.round(1 / limit.perSecond)} s`);
        }
      }
      // In turn with the room's steps: an answer never shows an action whose save is still awaited.
      return at.persistence.serial(() => {
        const [reply, answer] = query.answer(at.stepContext(), payload);
        client.send(reply, answer);
      });
    });
  }
  // A policy is found by its place in the room's list: every room of a game makes the same policies in the same order.
  room.policies.forEach((policy, index) => {
    for (const [type, message] of Object.entries(policy.messages ?? {})) {
      handle(type, message.schema, (at, client, payload) => at.policies[index]!.messages![type]!.handle(client, at.seatOf(client.sessionId), payload));
    }
  });
}

/** A client's game message: the table's `start` (the host's, before the game), or an action the rules check and apply. */
function onGameMessage<G extends AnyGame, S extends TableSchema>(room: TableRoom<G, S>, client: Client, type: string, payload: unknown) {
  if (type === 'start' && room.definition.start === 'host') {
    if (client.sessionId !== room.seats.host) return room.reject(client, 'not_host', 'only the host starts the game');
    if (!room.rules) return start(room, client);
  }
  const seat = room.seatOf(client.sessionId);
  if (seat === null) return room.reject(client, 'spectator', 'spectators cannot act');
  if (!room.rules) return room.reject(client, 'not_started', 'the game has not started: it starts when the seats are taken');
  return room.pipeline.submit(client, seat, type, payload);
}

/** The host starts the game, once enough seats are taken. */
function start<G extends AnyGame, S extends TableSchema>(room: TableRoom<G, S>, client: Client) {
  const { min } = room.definition.seats(room.config);
  if (room.seats.filled() < min) return room.reject(client, 'not_enough_players', `this game needs at least ${min} players (add bots)`);
  const arrivedAt = performance.now();
  return room.persistence.serial(() => room.setup(arrivedAt, client));
}
