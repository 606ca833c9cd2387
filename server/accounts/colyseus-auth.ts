/**
 * @colyseus/auth, loaded at its first use rather than at start: it pulls in zod (which the bundle
 * keeps external), 65-95 ms of the main thread measured here, before the port opened or, loaded
 * right after listening, before the first request was answered. Everything of it is used on
 * async paths (a password hashed or checked, an /auth route), which await this. A server's stop
 * waits for a load under way (app.ts), so none is left running after a server is gone: jest
 * refuses a `require` once a test file has ended.
 */
export type ColyseusAuth = typeof import('@colyseus/auth');

/** The module's route prefix, the one the SDK's `client.auth` calls (`auth.prefix`; a test checks they agree). */
export const AUTH_PREFIX = '/auth';

/** The library's module, loaded once: its settings are the library's own, one set for the process (auth-routes.ts sets them at each call). */
let loading: Promise<ColyseusAuth> | null = null;

export function colyseusAuth(): Promise<ColyseusAuth> {
  loading ??= import('@colyseus/auth');
  return loading;
}

/** Settles once a load under way has (at once when none was started). */
export async function colyseusAuthSettled(): Promise<void> {
  await loading?.catch(() => undefined);
}
