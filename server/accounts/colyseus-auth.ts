/**
 * @colyseus/auth, loaded at its first use rather than at start: it pulls in zod, which the
 * server bundle keeps external, and requiring it cost 341 ms — start to listening went from
 * 332 ms to ~650 ms with it at the top of the import graph. Its first users (the token secret
 * being set, a password hashed, an /auth route) all come after the server listens.
 */
type ColyseusAuth = typeof import('@colyseus/auth');

let loaded: ColyseusAuth | null = null;

export function colyseusAuth(): ColyseusAuth {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('@colyseus/auth') as ColyseusAuth;
  return loaded;
}

/** Whether something has loaded it already. */
export function authLoaded(): boolean {
  return loaded !== null;
}
