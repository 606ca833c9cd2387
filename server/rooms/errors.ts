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
