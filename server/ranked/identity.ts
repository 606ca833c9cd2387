/**
 * Guest accounts: `POST /api/guest {name}` makes a player and returns a signed token
 * `<payload>.<signature>` (base64url JSON `{pid, name, iat}` and its HMAC-SHA256 with the
 * server secret). Ranked rooms accept nobody without a valid one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { newId } from '../ids';
import { newPlayer } from './records';
import type { RankedStore } from './ranked-store';

export interface Identity {
  playerId: string;
  name: string;
}

export type GuestResult = { ok: true; playerId: string; name: string; token: string } | { ok: false; code: 'invalid_name' | 'name_taken'; message: string };

/** 2-20 characters: letters, digits, space, `_`, `-`, `.`; starting and ending with a letter or digit. */
const NAME = /^[\p{L}\p{N}][\p{L}\p{N} _.-]{0,18}[\p{L}\p{N}]$/u;

let secret: string | null = null;
let loading: Promise<void> = Promise.resolve();

/**
 * Without AUTH_SECRET the secret is in the database, which may still be opening (a first PGlite
 * start takes 6-10 s): the server does not wait for it to listen. Until it is loaded a token
 * verifies as nothing where the check is synchronous; the async paths wait (secretLoaded).
 */
export function loadSecret(store: RankedStore, fromEnv: string | undefined): Promise<void> {
  if (fromEnv) secret = fromEnv;
  loading = store.secret(fromEnv).then((s) => void (secret = s));
  return loading;
}

/** Resolves once the secret of the last loadSecret is in place (rejects if the database could not give it). */
export function secretLoaded(): Promise<void> {
  return loading;
}

function sign(payload: string): string {
  if (!secret) throw new Error('auth secret not loaded');
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function issueToken(identity: Identity): string {
  const payload = Buffer.from(JSON.stringify({ pid: identity.playerId, name: identity.name, iat: Date.now() })).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

/** The identity a token proves, or null for anything forged, altered or malformed. */
export function verifyToken(token: unknown): Identity | null {
  if (typeof token !== 'string' || token.length > 1024) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || !secret) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { pid, name } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { pid?: unknown; name?: unknown };
    return typeof pid === 'string' && typeof name === 'string' ? { playerId: pid, name } : null;
  } catch {
    return null;
  }
}

/** `createdFrom`: the address key of the request (eligibility.ts keeps accounts of one address apart). */
export async function createGuest(store: RankedStore, rawName: unknown, createdFrom?: string): Promise<GuestResult> {
  const name = typeof rawName === 'string' ? rawName.trim() : '';
  if (!NAME.test(name)) {
    return { ok: false, code: 'invalid_name', message: 'a name is 2-20 letters, digits, spaces, "_", "-" or "." and starts and ends with a letter or digit' };
  }
  await secretLoaded();
  const playerId = newId();
  if (!(await store.claimName(name, playerId))) return { ok: false, code: 'name_taken', message: `"${name}" is taken by an active player` };
  await store.savePlayer(newPlayer(playerId, name, Date.now(), createdFrom));
  return { ok: true, playerId, name, token: issueToken({ playerId, name }) };
}
