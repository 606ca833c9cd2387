/**
 * Every game the client plays, in the lobby's order: the lobby builds its forms and room
 * list from this, the router its routes, the replay page its scenes. A new game is one entry
 * here and its folder.
 *
 * A game defined outside client/src (a game only the tests know, docs/adding-a-game.md) is
 * added by `registerClientGame` from an entry module of its own that imports the client's
 * (client/src/main.ts) before or after it: the app starts once the whole module graph has run,
 * and a game registered after that is refused rather than left out unseen.
 */
import type { ClientGame } from './client-game';
import { connectFourClient } from './connect-four';
import { dotsAndBoxesClient } from './dots-and-boxes';
import { flip7Client } from './flip7';
import { gomokuClient } from './gomoku';
import { montyClient } from './monty';
import { tenClient } from './ten';
import { tictactoeClient } from './tictactoe';

const games: ClientGame[] = [gomokuClient, flip7Client, montyClient, tictactoeClient, tenClient, connectFourClient, dotsAndBoxesClient];
let started = false;

export const CLIENT_GAMES: readonly ClientGame[] = games;

/** Adds a game after the built-in ones: before the app starts (`sealRegistry`), under a room and a path of its own. */
export function registerClientGame(game: ClientGame): void {
  if (started) throw new Error(`${game.label} was registered after the client started: register it while its module graph runs`);
  const taken = games.find((g) => g.room === game.room || g.path === game.path);
  if (taken) throw new Error(`${game.label}: room '${game.room}' or path '${game.path}' is ${taken.label}'s already`);
  games.push(game);
}

/** The app's start (main.ts): the list is complete from here on. */
export function sealRegistry(): void {
  started = true;
}

export const gameOfRoom = (room: string | undefined) => CLIENT_GAMES.find((g) => g.room === room);
export const gameOfPath = (path: string | undefined) => CLIENT_GAMES.find((g) => g.path === path);
/** The game page (`ClientGame.pages`) that answers `hash`, if any. */
export const gamePageOf = (hash: string) => CLIENT_GAMES.flatMap((g) => g.pages ?? []).find((page) => page.hash.test(hash));
