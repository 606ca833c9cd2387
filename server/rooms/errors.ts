/**
 * Error codes a room sends to the sender of a rejected message, as `error {code, message}`.
 * Rule codes come from shared/ (e.g. `occupied`, `not_your_turn`); these are the ones
 * the room adds before an action reaches the rules. All are listed in the README.
 */
import type { Client } from '@colyseus/core';

export type RoomErrorCode =
  | 'invalid_payload'
  | 'unknown_message'
  | 'spectator'
  | 'not_started'
  | 'already_asked'
  | 'rate_limited'
  | 'internal';

export interface ErrorMessage {
  code: string;
  message: string;
}

export function sendError(client: Client, code: string, message: string): void {
  client.send('error', { code, message } satisfies ErrorMessage);
}

/**
 * A client's message type, for an error text. Colyseus passes the type as a string or a number,
 * except for a message whose type is "*" itself: the catch-all handler then gets the payload in
 * its place, which may be any decoded value.
 */
export function describeType(type: unknown): string {
  if (typeof type === 'string') return JSON.stringify(type.slice(0, 40));
  if (typeof type === 'number') return String(type);
  return '"*"';
}
