/**
 * How a rejection reaches its sender: `error {code, message}`. The codes come from the typed
 * registry in shared/ (`shared/core/errors.ts` and each game's `errors.ts`), all listed in the README.
 */
import type { Client } from '@colyseus/core';
import type { CommonErrorCode } from '../../shared/core/errors';
import type { ParlorMetrics } from '../metrics';

export interface ErrorMessage {
  code: string;
  message: string;
}

/** `C`: the codes the caller may send, from the registry (the common ones unless a game's are given). */
export function sendError<C extends string = CommonErrorCode>(client: Client, code: C, message: string): void {
  client.send('error', { code, message } satisfies ErrorMessage);
}

/** The answer to a message type nobody handles (rooms, the lobby, the queue), counted in the metrics. */
export function rejectUnknownMessage(metrics: ParlorMetrics, game: string, client: Client, type: unknown, hint = ''): void {
  metrics.message(game, 'unknown');
  metrics.rejection(game, 'unknown_message');
  sendError(client, 'unknown_message', `unknown message type ${describeType(type)}${hint}`);
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
