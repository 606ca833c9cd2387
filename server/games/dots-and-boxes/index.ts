/** Dots and Boxes' server part: its own fields on the turn kit's table (turn-kit.ts), the lines and boxes mirrored. */
import { BOXES, LINES, dotsAndBoxesGame, type DotsAndBoxesRecord } from '../../../shared/games/dots-and-boxes';
import type { ServerGame } from '../../table/server-game';
import { syncArray } from '../../table/sync-array';
import { initTurn, mirrorTurn, turnServerParts } from '../turn-kit';
import { DotsAndBoxesRoomState } from './schema';

export interface DotsAndBoxesListing {
  turnSeconds: number;
  phase: string;
}

export const dotsAndBoxesServer: ServerGame<typeof dotsAndBoxesGame, DotsAndBoxesRoomState, DotsAndBoxesListing> = {
  ...turnServerParts<typeof dotsAndBoxesGame, DotsAndBoxesRoomState>((table): DotsAndBoxesRecord => ({
    // Each line with the seat that drew it: a box closed keeps the turn, so the seat is not the step's parity.
    config: { turnSeconds: table.schema.turnSeconds },
    steps: table.game()!.moves.map(({ seat, line }) => ({ seat, step: { line } })),
  })),
  definition: dotsAndBoxesGame,
  schema: DotsAndBoxesRoomState,
  init(state, config) {
    initTurn(state, config);
    state.lastLine = -1;
    syncArray(state.lines, new Array(LINES).fill(0));
    syncArray(state.boxes, new Array(BOXES).fill(0));
    syncArray(state.scores, [0, 0]);
  },
  mirror(state, view, ctx) {
    if (!view) return; // waiting for the second player
    mirrorTurn(state, view, ctx, dotsAndBoxesGame);
    syncArray(state.lines, view.lines);
    syncArray(state.boxes, view.boxes);
    syncArray(state.scores, view.scores);
    state.lastLine = view.moves.length === 0 ? -1 : view.moves[view.moves.length - 1].line;
  },
  listing: (state, config) => ({ turnSeconds: config.turnSeconds, phase: state.phase }),
};
