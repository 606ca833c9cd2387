/**
 * Who a token says a player is. Tokens are the accounts' JWTs (server/accounts/tokens.ts), from
 * `POST /api/guest {name}` (today's anonymous guests) or from `/auth/*` (client.auth). This file
 * keeps the secret's loading and the synchronous check the rooms use that only want to know who
 * a client says it is; rated play asks the account store (token version, registered, deleted).
 */
import { checkToken, setTokenSecret, signToken } from './tokens';

export interface Identity {
  playerId: string;
  name: string;
}

let loaded = false;
let loading: Promise<void> = Promise.resolve();

/**
 * Without AUTH_SECRET the secret is in the database, which may still be opening (a first PGlite
 * start takes 6-10 s): the server does not wait for it to listen. Until it is loaded a token
 * verifies as nothing where the check is synchronous; the async paths wait (secretLoaded).
 */
export function loadSecret(store: { secret(fromEnv: string | undefined): Promise<string> }, fromEnv: string | undefined): Promise<void> {
  if (fromEnv) {
    setTokenSecret(fromEnv);
    loaded = true;
  }
  loading = store.secret(fromEnv).then((s) => {
    setTokenSecret(s);
    loaded = true;
  });
  return loading;
}

/** Resolves once the secret of the last loadSecret is in place (rejects if the database could not give it). */
export function secretLoaded(): Promise<void> {
  return loading;
}

/** A token for a player at token version 0 (tests, and a guest's first token). */
export function issueToken(identity: Identity): string {
  return signToken({ id: identity.playerId, name: identity.name, v: 0 });
}

/** The identity a token's signature proves, or null for anything forged, altered, expired or malformed. */
export function verifyToken(token: unknown): Identity | null {
  if (!loaded) return null;
  const checked = checkToken(token);
  return checked.ok ? { playerId: checked.claims.id, name: checked.claims.name } : null;
}
