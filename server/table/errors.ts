/**
 * How a rejection reaches its sender: `error {code, message}`. The codes come from the typed
 * registry in shared/ (`shared/core/errors.ts` and each game's `errors.ts`), all listed in the README.
 */
import type { Client } from '@colyseus/core';
import type { CommonErrorCode } from '../../shared/core/errors';

export interface ErrorMessage {
  code: string;
  message: string;
}

export function sendError(client: Client, code: CommonErrorCode, message: string): void {
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
