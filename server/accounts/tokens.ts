/**
 * Account tokens: JSON Web Tokens (HS256), the kind @colyseus/auth issues and the SDK keeps in
 * `client.auth.token`, signed with the secret every process shares (AUTH_SECRET, else the one the
 * ranked store keeps: `load`). The payload: `{id, name, v, iat, exp}`, `v` being the account's
 * token version when it was issued: "sign out everywhere" and a password change raise the
 * account's, and a token of an older version is refused where the account is looked up
 * (account-store.ts `authenticate`). Signing and the signature check are synchronous (node:crypto)
 * so the rooms that only want to know who a client says it is need no database; @colyseus/auth's
 * `JWT` is given the same secret (auth-routes.ts) and verifies the same tokens.
 *
 * Not the table's seat token (table/seats.ts) nor Colyseus's reconnection token: see the glossary
 * (docs/architecture.md). One `AccountTokens` is made with the services at start: two servers in
 * one process each sign with their own secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** 30 days: a player signed in on a device stays signed in for a month of absence. */
export const TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** Longer strings are not tokens of ours (one is ~200 characters). */
export const MAX_TOKEN_LENGTH = 1024;
/** A password-reset link's token lives 30 minutes, and dies when used (the reset raises the account's token version). */
export const RESET_LIFETIME_SECONDS = 30 * 60;

export interface TokenClaims {
  /** The player id (`/api/players/:id`). */
  id: string;
  name: string;
  /** The account's token version at issue. */
  v: number;
}

/** Who a token's signature says a player is (nothing checked against the account). */
export interface Identity {
  playerId: string;
  name: string;
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export class AccountTokens {
  private key: string | null = null;
  private loading: Promise<void> = Promise.resolve();

  /** A secret given at once (AUTH_SECRET, or a test's). */
  constructor(secret?: string) {
    if (secret) this.key = secret;
  }

  /**
   * Without AUTH_SECRET the secret is in the database, which may still be opening (a first PGlite
   * start takes 6-10 s): the server does not wait for it to listen. Until it is loaded a token
   * verifies as nothing where the check is synchronous; the async paths wait (`loaded`).
   */
  load(store: { secret(fromEnv: string | undefined): Promise<string> }, fromEnv: string | undefined): Promise<void> {
    if (fromEnv) this.key = fromEnv;
    this.loading = store.secret(fromEnv).then((s) => {
      this.key = s;
    });
    return this.loading;
  }

  /** Resolves once the secret of the last `load` is in place (rejects if the database could not give it). */
  loaded(): Promise<void> {
    return this.loading;
  }

  /** The secret tokens are signed with (null until loaded): @colyseus/auth's JWT is given it too. */
  get secret(): string | null {
    return this.key;
  }

  /** `lifetimeSeconds` other than the default: tests (an expired token). */
  sign(claims: TokenClaims, lifetimeSeconds = TOKEN_LIFETIME_SECONDS, now = Date.now()): string {
    return this.signBody({ id: claims.id, name: claims.name, v: claims.v }, lifetimeSeconds, now);
  }

  /** A password-reset token: `purpose: "reset"` keeps it from passing for a sign-in token, and the other way round. */
  signReset(claims: TokenClaims, now = Date.now()): string {
    return this.signBody({ id: claims.id, name: claims.name, v: claims.v, purpose: 'reset' }, RESET_LIFETIME_SECONDS, now);
  }

  /** The claims of a sign-in token signed with our secret and not expired: nothing else is read from it. */
  check(token: unknown, now = Date.now()): TokenCheck {
    return this.checkFor(token, undefined, now);
  }

  /** The claims of a password-reset token (`signReset`). */
  checkReset(token: unknown, now = Date.now()): TokenCheck {
    return this.checkFor(token, 'reset', now);
  }

  /** The identity a token's signature proves, or null for anything forged, altered, expired or malformed (or before the secret is loaded). */
  verify(token: unknown): Identity | null {
    if (!this.key) return null;
    const checked = this.check(token);
    return checked.ok ? { playerId: checked.claims.id, name: checked.claims.name } : null;
  }

  private signature(data: string): Buffer {
    if (!this.key) throw new Error('token secret not loaded');
    return createHmac('sha256', this.key).update(data).digest();
  }

  private signBody(body: Record<string, unknown>, lifetimeSeconds: number, now: number): string {
    const iat = Math.floor(now / 1000);
    const payload = Buffer.from(JSON.stringify({ ...body, iat, exp: iat + lifetimeSeconds })).toString('base64url');
    const data = `${HEADER}.${payload}`;
    return `${data}.${this.signature(data).toString('base64url')}`;
  }

  private checkFor(token: unknown, purpose: 'reset' | undefined, now: number): TokenCheck {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' };
    const parts = token.split('.');
    if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return { ok: false, reason: 'malformed' };
    const [header, payload, given] = parts;
    // Only HS256, whatever the header says ("alg": "none" and its kin are refused by the signature below anyway).
    const expected = this.signature(`${header}.${payload}`);
    const sig = Buffer.from(given, 'base64url');
    if (sig.length !== expected.length || !timingSafeEqual(sig, expected)) return { ok: false, reason: 'bad_signature' };
    let parsed: unknown;
    try {
      const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
      if (head?.alg !== 'HS256') return { ok: false, reason: 'malformed' };
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const { id, name, v, exp, purpose: givenPurpose } = (parsed ?? {}) as Record<string, unknown>;
    if (typeof id !== 'string' || typeof name !== 'string' || !Number.isInteger(v) || typeof exp !== 'number') return { ok: false, reason: 'malformed' };
    if (givenPurpose !== purpose) return { ok: false, reason: 'malformed' };
    if (exp * 1000 <= now) return { ok: false, reason: 'expired' };
    return { ok: true, claims: { id, name, v: v as number } };
  }
}
