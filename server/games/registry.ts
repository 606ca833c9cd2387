/**
 * Every game the server hosts. `server/app.ts` defines a table room for each; a new game
 * is one entry here (its rules in shared/games/<game>/, its server part in server/games/<game>/).
 */
import type { AnyServerGame } from '../table/server-game';
import { connectFourServer } from './connect-four';
import { dotsAndBoxesServer } from './dots-and-boxes';
import { flip7Server } from './flip7';
import { gomokuServer } from './gomoku';
import { montyHallServer } from './monty-hall';
import { tenExorcismServer } from './ten-exorcism';
import { tictactoeServer } from './tictactoe';

export const GAMES: readonly AnyServerGame[] = [gomokuServer, flip7Server, montyHallServer, tictactoeServer, tenExorcismServer, connectFourServer, dotsAndBoxesServer];
