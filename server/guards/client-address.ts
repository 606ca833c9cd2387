/**
 * The address a client counts against, for the HTTP rate limits (server/http/rate-limit.ts),
 * the room budget and a room's own counts alike: the socket's peer, or with TRUST_PROXY=n the
 * address n entries from the right of X-Forwarded-For (each trusted proxy appends the address it
 * saw; entries further left are whatever the client wrote). IPv6 addresses count per /64, which
 * is what one subscriber usually holds. Colyseus's own `context.ip` is not used: it believes the
 * first X-Forwarded-For entry, which any client writes itself.
 */
import type { IncomingMessage } from 'node:http';
import { isIP, type Socket } from 'node:net';
import type { AuthContext, Client } from '@colyseus/core';

/** The counting key of the address a WebSocket client joined from (`trustProxy`: TRUST_PROXY's hops). */
export function roomClientAddress(client: Client, context: AuthContext | undefined, trustProxy: number): string {
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

export function clientAddress(req: IncomingMessage, trustProxy: number): string {
  const peer = normalizeAddress(req.socket.remoteAddress ?? '');
  if (trustProxy <= 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : header ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer]; // the nearest hop last
  const picked = normalizeAddress(chain[Math.max(0, chain.length - 1 - trustProxy)]);
  return isIP(picked) ? picked : peer;
}

/** IPv4-mapped IPv6 as IPv4; everything else as given (lower case). */
export function normalizeAddress(address: string): string {
  const lower = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  return mapped ? mapped[1] : lower;
}

export function isLoopback(address: string): boolean {
  return address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address);
}

/** The counter key of an address: IPv4 as is, IPv6 by its /64 prefix. */
export function rateKey(address: string): string {
  if (isIP(address) !== 6) return address || 'unknown';
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

function expandIPv6(address: string): string[] {
  const [head, tail] = address.split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail ? tail.split(':') : [];
  if (right.length && right[right.length - 1].includes('.')) right.splice(-1, 1, '0', '0'); // embedded IPv4: the /64 ignores it
  const fill = tail === undefined ? [] : new Array(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...fill, ...right].map((group) => (group || '0').replace(/^0+(?=.)/, ''));
}
