/**
 * The address a room's client counts against, as the HTTP rate limits read it
 * (server/http/rate-limit.ts): the socket's peer, or with TRUST_PROXY=n the entry n places
 * from the right of X-Forwarded-For; IPv6 per /64. Colyseus's own `context.ip` is not used:
 * it believes the first X-Forwarded-For entry, which any client writes itself.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { AuthContext, Client } from '@colyseus/core';
import { clientAddress, rateKey } from '../http/rate-limit';

let trustProxy = 0;

/** Set once at start-up from the config. */
export function setRoomTrustProxy(hops: number): void {
  trustProxy = hops;
}

/** The counting key of the address a WebSocket client joined from. */
export function roomClientAddress(client: Client, context: AuthContext | undefined): string {
  // ws keeps the net.Socket it reads from (the heartbeat in app.ts reads it too).
  const socket = (client.ref as { _socket?: Socket } | undefined)?._socket;
  let forwarded: string | undefined;
  try {
    forwarded = context?.headers?.get('x-forwarded-for') ?? undefined;
  } catch {
    forwarded = undefined; // a header Headers refuses to hold: as if absent
  }
  const req = { socket: { remoteAddress: socket?.remoteAddress ?? '' }, headers: { 'x-forwarded-for': forwarded } };
  return rateKey(clientAddress(req as unknown as IncomingMessage, trustProxy));
}
