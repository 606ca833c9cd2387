/**
 * Ten Exorcism's server part: the `selection {valid, sum, tiles}` answer to each selection
 * (the seed's red/green feedback), `export` answered with `session` in the seed's export
 * format, and the high-score entry of a finished game, verified by replay first.
 */
import { exportSession, newGame, tenExorcismGame, tenExorcismMessages, tenView, verifySession, type ExportedSession, type TenEvent, type TenState } from '../../../shared/games/ten-exorcism';
import type { ServerGame, StepContext } from '../../table/server-game';
import { syncArray } from '../../table/sync-array';
import { TenExorcismState, TenPlayer } from './schema';
import { tenRoutes } from './routes';

export interface TenListing {
  game: 'ten_exorcism';
  players: string[];
  phase: string;
  spectators: number;
  open: false;
}

type Ctx = StepContext<typeof tenExorcismGame>;

/** The game in the export format; `end` is set once the game is over. */
function exported(ctx: Ctx): ExportedSession {
  const state: TenState | null = ctx.rules;
  // Before the player sits down there is no game yet: an empty session.
  if (!state) return { v: 1, id: ctx.roomId, seed: ctx.config.seed ?? 0, start: 0, end: 0, actions: [], score: 0 };
  return exportSession(state, ctx.roomId, ctx.startedAt, state.isGameOver ? Date.now() : 0);
}

export const tenExorcismServer: ServerGame<typeof tenExorcismGame, TenExorcismState, TenListing, unknown, Pick<typeof tenExorcismMessages, 'export'>> = {
  definition: tenExorcismGame,
  schema: TenExorcismState,
  whenFull: 'refuse',
  whenGone: 'keep',
  routes: tenRoutes,
  endsAtOutcome: false,
  init(state) {
    Object.assign(state, { spectators: 0, attempts: 0 });
  },
  row: (seat) => (seat.bot ? null : new TenPlayer({ name: seat.name, connected: true, returnBy: 0 })),
  mirror(state, view, ctx) {
    // Before the player sits down: the seed's board when the seed is given, else an empty one.
    const shown = view ?? (ctx.config.seed === undefined ? { seed: 0, board: [], score: 0, isGameOver: false, attempts: 0 } : tenView(newGame(ctx.config.seed)));
    syncArray(state.board, shown.board);
    Object.assign(state, { seed: shown.seed, score: shown.score, isGameOver: shown.isGameOver, attempts: shown.attempts });
  },
  listing: (state) => ({ phase: state.isGameOver ? 'game_over' : `score ${state.score}` }),
  /** The game just ended: replayed once more, then entered (the table holds verified sessions only). */
  async afterStep(ctx, events) {
    if (!ctx.rules?.isGameOver || !events.some((e) => e.type === 'selection')) return;
    const session = exported(ctx);
    const check = verifySession(session);
    if (!check.valid) throw new Error(`session ${session.id} does not replay to its score`); // a bug, never bad input
    const seat = ctx.seats[0];
    // A signed-in player's score is theirs: their export lists it and their deletion takes their name off it.
    const playerId = seat ? ctx.playerOf(seat.id)?.id : undefined;
    await ctx.services.highScores.add({ id: session.id, name: seat?.name || 'Guest', score: check.score, seed: session.seed, at: Date.now(), playerId });
  },
  reply(events) {
    const selection = events.find((e): e is TenEvent => e.type === 'selection');
    return selection ? ['selection', { valid: selection.valid, sum: selection.sum, tiles: selection.tiles }] : null;
  },
  queries: {
    export: { schema: tenExorcismMessages.export, answer: (ctx) => ['session', exported(ctx)] },
  },
};
