/**
 * Every game the server hosts. `server/app.ts` defines a table room for each; a new game
 * is one entry here (its rules in shared/games/<game>/, its server part in server/games/<game>/).
 */
import type { ServerGame } from '../table/server-game';
import { gomokuServer } from './gomoku';

export const GAMES: readonly ServerGame<any, any>[] = [gomokuServer];
