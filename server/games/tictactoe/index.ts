/**
 * Tic Tac Toe's server part: the learning AI. It plays the bot seat in the same step as the
 * human's move (both reach clients in one patch), choosing from the Q-table store, and learns
 * from every finished game (the store keeps the table across restarts and processes).
 */
import { chooseMove, gameEnded, legalMoves, newTable, qKey, gameUpdates, stateKey, tictactoeGame, tictactoeView, type TttTableState, type TttView } from '../../../shared/games/tictactoe';
import type { ServerGame } from '../../table/server-game';
import { syncArray } from '../../table/sync-array';
import { rateKey } from '../../guards/client-address';
import { TicTacToeState, TttPlayer } from './schema';

export interface TttListing {
  game: 'tictactoe';
  players: string[];
  phase: string;
  spectators: number;
  open: false;
}

export const tictactoeServer: ServerGame<typeof tictactoeGame, TicTacToeState, TttListing> = {
  definition: tictactoeGame,
  schema: TicTacToeState,
  whenFull: 'refuse',
  whenGone: 'keep',
  endsAtOutcome: false,
  // The AI answers at once: the human's move and its reply are one step, one save, one patch.
  botDelayMs: () => 0,
  async bot(state: TttTableState, _seat, _strategy, rng, services) {
    const s = stateKey(state.board);
    const known = await services.qTable.get(legalMoves(state).map((m) => qKey(s, m)));
    const index = chooseMove(state, (k) => known.get(k), rng);
    return index === null ? null : { type: 'move', index };
  },
  init(state) {
    Object.assign(state, { aiLastKey: 0, humanWins: 0, aiWins: 0, draws: 0, spectators: 0 });
  },
  // The AI's seat has no row in `players`.
  row: (seat) => (seat.bot ? null : new TttPlayer({ name: seat.name, connected: true, returnBy: 0 })),
  mirror(state, view, ctx) {
    const shown: TttView = view ?? tictactoeView(newTable(ctx.config));
    syncArray(state.board, shown.board);
    Object.assign(state, {
      status: shown.status, human: shown.human, toMove: shown.toMove, aiLastKey: shown.aiLastKey,
      humanWins: shown.humanWins, aiWins: shown.aiWins, draws: shown.draws,
    });
  },
  listing: (state) => ({ phase: state.status }),
  /**
   * A finished game: every move of it is learned from, for at most TTT_LEARN_PER_HOUR games of
   * one player an hour (by address, else by session): whoever throws games moves the shared
   * table only that much.
   */
  async afterStep(ctx, events, client) {
    if (!gameEnded(events)) return;
    const player = client?.sessionId ?? ctx.seats.find((s) => s && !s.bot)?.id ?? '';
    const address = ctx.addressOf(player);
    const learning = ctx.services.windows.window({ points: ctx.services.timings.tttLearnPerHour, seconds: 3600 }, 'parlor:ttt:learned');
    if (!learning.limited || !(await learning.take(address ? rateKey(address) : `session:${player}`)).ok) return;
    const game = ctx.rules;
    const known = await ctx.services.qTable.get(game.moves.map((m) => qKey(m.stateKey, m.index)));
    await ctx.services.qTable.set(gameUpdates(game, (k) => known.get(k)));
  },
};
