/**
 * A room's WebSocket URL without the account's token. The SDK appends `client.auth.token` to
 * it (`_authToken`), and a URL is what proxies and access logs keep: a 30-day token would sit
 * in every log line of every join. The server does not read it there: it checks the token at
 * matchmaking, where the SDK sends it in the Authorization header of the HTTP call, and hands
 * the room the account it proved (server/table/table-room.ts). Every other URL passes as it is.
 */
export const TOKEN_PARAM = '_authToken';

export function withoutToken(url: URL): string {
  url.searchParams.delete(TOKEN_PARAM);
  return url.toString();
}
