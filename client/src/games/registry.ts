/**
 * Every game the client plays, in the lobby's order: the lobby builds its forms and room
 * list from this, the router its routes. A new game is one entry here and its folder.
 */
import type { ClientGame } from './client-game';
import { connectFourClient } from './connect-four';
import { flip7Client } from './flip7';
import { gomokuClient } from './gomoku';
import { montyClient } from './monty';
import { tenClient } from './ten';
import { tictactoeClient } from './tictactoe';

export const CLIENT_GAMES: readonly ClientGame[] = [gomokuClient, flip7Client, montyClient, tictactoeClient, tenClient, connectFourClient];

export const gameOfRoom = (room: string | undefined) => CLIENT_GAMES.find((g) => g.room === room);
export const gameOfPath = (path: string | undefined) => CLIENT_GAMES.find((g) => g.path === path);
/** The game page (`ClientGame.pages`) that answers `hash`, if any. */
export const gamePageOf = (hash: string) => CLIENT_GAMES.flatMap((g) => g.pages ?? []).find((page) => page.hash.test(hash));
