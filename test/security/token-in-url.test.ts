/**
 * The SDK put the account's 30-day token in every room's WebSocket URL (`?_authToken=`), and
 * the reverse proxy logged full request lines (deploy/nginx.conf now logs the path only). The
 * browser's client sends no token in that URL (client/src/socket-url.ts); the server checks the
 * token at matchmaking (the HTTP call's Authorization header) and hands the room the account,
 * so what a room keeps per account (here the computer-game limit per player) still counts.
 */
import type { IncomingMessage } from 'node:http';
import { Client } from '@colyseus/sdk';
import { withoutToken, TOKEN_PARAM } from '../../client/src/socket-url';
import { makeGuest } from '../support/ranked';
import { leaveAll, serverSuite } from './support';

jest.setTimeout(60000);

const suite = serverSuite();

const computerGame = { name: 'Ada', opponent: 'computer', level: 1, swap2: false };

it('the browser client\'s room URLs carry no token, and the room still knows the player: one live game against the computer per player', async () => {
  const upgrades: string[] = [];
  const http = (suite.server.server as unknown as { transport: { server: { on(e: 'upgrade', f: (req: IncomingMessage) => void): void } } }).transport.server;
  http.on('upgrade', (req) => upgrades.push(req.url ?? ''));
  const guest = await makeGuest(suite.server.url, `Urlless${Math.floor(Math.random() * 1e6)}`);
  const client = new Client(suite.server.url, { urlBuilder: withoutToken });
  client.auth.token = guest.token;

  const room = await client.create('gomoku', computerGame);
  expect(upgrades.some((url) => url.includes(room.roomId))).toBe(true);
  expect(upgrades.filter((url) => url.includes(TOKEN_PARAM) || url.includes(guest.token))).toEqual([]);
  // From the same address a second game would be admitted (3 per address): the player's own limit refuses it.
  await expect(client.create('gomoku', computerGame)).rejects.toThrow(/^too_many_computer_games: /);
  const again = new Client(suite.server.url, { urlBuilder: withoutToken });
  again.auth.token = guest.token;
  await expect(again.create('gomoku', computerGame)).rejects.toThrow(/^too_many_computer_games: /);
  await leaveAll([room]);
});

it('withoutToken takes out the token only: the rest of a room URL is kept', () => {
  const url = withoutToken(new URL(`ws://host:2567/p1/proc/room?sessionId=abc&${TOKEN_PARAM}=ey.x.y&skipHandshake=true`));
  expect(url).toBe('ws://host:2567/p1/proc/room?sessionId=abc&skipHandshake=true');
  expect(withoutToken(new URL('http://host/matchmake/create/gomoku'))).toBe('http://host/matchmake/create/gomoku');
});
