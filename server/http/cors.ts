/**
 * Cross-origin reads: only the site's own origin (PUBLIC_URL's) may read an answer, and never
 * with credentials, on every route (express's and Colyseus's matchmaking alike). Without
 * PUBLIC_URL no other origin may: the client is served from the same origin and needs none.
 *
 * Colyseus answers every request with `Access-Control-Allow-Origin: <the caller's Origin>` and
 * `Access-Control-Allow-Credentials: true`, which lets any site read any answer with the
 * visitor's cookies and basic-auth credentials (the monitor's). Its defaults are emptied here,
 * and the matchmaking gate (gate.ts), which sees every request first, sets these headers instead.
 */
import type { ServerResponse } from 'node:http';
import { matchMaker } from '@colyseus/core';

/** What a preflight allows the site's own origin, besides the origin itself. */
const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Methods': 'GET,HEAD,POST',
  'Access-Control-Allow-Headers': 'Content-Type, Accept, Authorization',
  'Access-Control-Max-Age': '86400',
};

/** The origin of PUBLIC_URL (`https://parlor.example`), or null when it is unset or not a URL. */
export function siteOrigin(publicUrl: string | undefined): string | null {
  if (!publicUrl) return null;
  try {
    const origin = new URL(publicUrl).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The CORS headers of every answer: the site's own origin, nothing for any other. */
export function corsHeaders(origin: string | null): Record<string, string> {
  return origin ? { 'Access-Control-Allow-Origin': origin } : {};
}

/** The headers of an answer to a preflight (OPTIONS). */
export function preflightHeaders(origin: string | null): Record<string, string> {
  return origin ? { ...corsHeaders(origin), ...PREFLIGHT_HEADERS } : {};
}

export function setCorsHeaders(res: ServerResponse, origin: string | null): void {
  for (const [name, value] of Object.entries(corsHeaders(origin))) res.setHeader(name, value);
}

/** Colyseus's router then adds no CORS header of its own (it would echo any caller, with credentials). */
export function silenceColyseusCors(): void {
  (matchMaker.controller as { DEFAULT_CORS_HEADERS: Record<string, string> }).DEFAULT_CORS_HEADERS = {};
  matchMaker.controller.getCorsHeaders = () => ({});
}
