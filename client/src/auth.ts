/**
 * Who this browser is: the SDK's `client.auth` holds the token (localStorage
 * `colyseus-auth-token`, sent with every matchmaking request), and the account it names is kept
 * here too (`parlor:user`) so the header draws at once on a reload. Three states:
 * - signed out: no token (tables still take any display name typed in the lobby);
 * - an anonymous guest: a token of an unregistered account (`client.auth.signInAnonymously`, or
 *   a guest made before accounts by `POST /api/guest` and kept under `parlor:ranked`); it can
 *   claim its account with an email and a password and keep its id, rating, history and name;
 * - a registered account: email and password; the only kind the ranked queue takes.
 * Every change fires `parlor:identity-changed` on window.
 */
import { client } from './net';
import { saveName } from './name';
import { toast } from './dom';

export interface User {
  id: string;
  name: string;
  email?: string | null;
  registered: boolean;
}

/** A refusal from the server, with its code (`invalid_credentials`, `name_taken`, …) and its words. */
export class AuthError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

const USER_KEY = 'parlor:user';
/** Where a guest made by `POST /api/guest` was kept before accounts (client/src/ranked/account.ts then). */
const LEGACY_GUEST_KEY = 'parlor:ranked';
/** The SDK's own key (node_modules/@colyseus/sdk Auth.settings.key). */
const SDK_TOKEN_KEY = client.auth.settings.key;

function readUser(): User | null {
  try {
    const user = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as User | null;
    return user && typeof user.id === 'string' && typeof user.name === 'string' ? user : null;
  } catch {
    return null;
  }
}

/** A guest made before accounts by `POST /api/guest`: its token becomes the SDK's, once. */
function adoptLegacyGuest(): void {
  let legacy: { playerId?: unknown; name?: unknown; token?: unknown } | null;
  try {
    legacy = JSON.parse(localStorage.getItem(LEGACY_GUEST_KEY) ?? 'null');
  } catch {
    legacy = null;
  }
  localStorage.removeItem(LEGACY_GUEST_KEY);
  if (!legacy || client.auth.token || typeof legacy.token !== 'string' || typeof legacy.playerId !== 'string' || typeof legacy.name !== 'string') return;
  client.auth.token = legacy.token;
  localStorage.setItem(SDK_TOKEN_KEY, legacy.token);
  localStorage.setItem(USER_KEY, JSON.stringify({ id: legacy.playerId, name: legacy.name, registered: false } satisfies User));
}

adoptLegacyGuest();

/** The account this browser is signed in as (a guest or registered), or null. */
export function currentUser(): User | null {
  return client.auth.token ? readUser() : null;
}

export function authToken(): string | null {
  return client.auth.token ?? null;
}

function changed(): void {
  window.dispatchEvent(new Event('parlor:identity-changed'));
}

function remember(user: User, token?: string | null): void {
  const kept: User = { id: user.id, name: user.name, email: user.email ?? null, registered: Boolean(user.registered) };
  localStorage.setItem(USER_KEY, JSON.stringify(kept));
  if (token) {
    client.auth.token = token;
    localStorage.setItem(SDK_TOKEN_KEY, token);
  }
  // Tables are joined with this name from now on (name.ts).
  saveName(kept.name);
  changed();
}

/** The server's refusal as an AuthError: its `code` and its `message` (words for people). */
function refusal(err: unknown): AuthError {
  const e = err as { data?: { code?: unknown; message?: unknown; error?: unknown }; message?: string };
  const code = typeof e?.data?.code === 'string' ? e.data.code : 'error';
  const message = typeof e?.data?.message === 'string' ? e.data.message : typeof e?.data?.error === 'string' ? e.data.error : e?.message || 'the server could not be reached';
  return new AuthError(code, message);
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw refusal(err);
  }
}

export async function signUp(email: string, password: string, name: string): Promise<User> {
  // A token would make the request a claim of that account (auth-routes.ts): signing up starts from none.
  if (client.auth.token) await signOut();
  const { user, token } = await call(() => client.auth.registerWithEmailAndPassword<User>(email, password, { name }));
  remember(user, token);
  return user;
}

export async function signIn(email: string, password: string): Promise<User> {
  const { user, token } = await call(() => client.auth.signInWithEmailAndPassword<User>(email, password));
  remember(user, token);
  return user;
}

/** A guest's claim: the guest's token goes with the request, and the account keeps its id, rating, history and name. */
export async function claim(email: string, password: string): Promise<User> {
  if (!currentUser()) throw new AuthError('auth_required', 'there is no guest account here to claim');
  const { user, token } = await call(() => client.auth.registerWithEmailAndPassword<User>(email, password));
  remember(user, token);
  return user;
}

export async function signOut(): Promise<void> {
  await client.auth.signOut();
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(LEGACY_GUEST_KEY);
  changed();
}

/** Asks the server who the token is: a token signed out elsewhere, expired or of a deleted account is dropped here. */
export async function refreshUser(): Promise<void> {
  if (!client.auth.token) return;
  try {
    const { user } = await client.auth.getUserData<User>();
    const before = readUser();
    if (!before || before.name !== user.name || before.registered !== user.registered || before.id !== user.id) remember(user);
  } catch (err) {
    const e = refusal(err);
    const why = SIGNED_OUT_BECAUSE[e.code];
    if (why === undefined) return;
    const user = readUser();
    await signOut();
    // Said, not done silently: the page turning into a guest's with no word looked like a fault.
    if (user) toast(`${user.registered ? `You were signed out of ${user.name}` : `The guest account ${user.name} was signed out`}: ${why}.`, 'info', 12000);
  }
}

/** Why a token the server no longer takes was dropped, for the player (the codes of account-store.ts's refusals). */
const SIGNED_OUT_BECAUSE: Record<string, string> = {
  token_revoked: 'the password was changed, or every device signed out, on another device. Sign in again',
  token_expired: 'the sign-in expired. Sign in again',
  invalid_token: 'this server no longer knows the sign-in. Sign in again',
  account_deleted: 'the account was deleted',
  auth_required: 'this server no longer knows the sign-in. Sign in again',
};

/** A request to the account's own routes (`/api/account/*`) with the token. */
export async function accountRequest(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  const token = client.auth.token;
  if (!token) throw new AuthError('auth_required', 'sign in first');
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { code?: unknown; message?: unknown };
    throw new AuthError(typeof body.code === 'string' ? body.code : 'error', typeof body.message === 'string' ? body.message : `refused (${res.status})`);
  }
  return res;
}

/** After a password change: this device keeps the new token; every other one is dead. */
export function replaceToken(token: string): void {
  client.auth.token = token;
  localStorage.setItem(SDK_TOKEN_KEY, token);
}

/** The account is gone or all its tokens are (deleted, signed out everywhere): forget it here. */
export async function forgetAccount(): Promise<void> {
  await signOut();
}
