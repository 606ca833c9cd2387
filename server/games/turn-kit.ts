/**
 * A two-player turn-based game's server part, as far as it is like every other (Dots and Boxes'
 * is written on it): the table's schema fields (shared/core/turn-table.ts declares them for both
 * ends), the seat row, the mirror of phase, whose turn, the result and the turn count, and the
 * policies every such table has: its finished games kept for their replay, and the rematch.
 * A game adds its own fields to `turnFields`, its own mirror after `mirrorTurn`.
 */
import { schema, t, type SchemaType } from '@colyseus/schema';
import type { AnyGame } from '../../shared/core/game';
import type { TurnConfig, TwoPlayerTurnState } from '../../shared/core/turn-game';
import { historyPolicy } from '../history/history-policy';
import { rematch } from '../table/rematch';
import type { PolicyTable, ServerGame, StepContext } from '../table/server-game';

export const TurnPlayer = schema({ name: t.string(), seat: t.uint8(), connected: t.boolean(), returnBy: t.float64() }, 'TurnPlayer');
export type TurnPlayer = SchemaType<typeof TurnPlayer>;

/** The schema fields of shared/core/turn-table.ts `TurnTableSynced`; spread them into a game's schema. */
export const turnFields = () => ({
  phase: t.string(),
  toMove: t.string(),
  winner: t.string(),
  endReason: t.string(),
  players: t.map(TurnPlayer),
  spectators: t.uint16(),
  deadline: t.float64(),
  turnSeconds: t.uint16(),
  replayId: t.string(),
  rematchVotes: t.array('string'),
  turn: t.uint16(),
});

/** What the kit writes of a turn table's schema. */
export interface TurnSchema {
  phase: string;
  toMove: string;
  winner: string;
  endReason: string;
  players: Map<string, TurnPlayer>;
  spectators: number;
  deadline: number;
  turnSeconds: number;
  replayId: string;
  rematchVotes: string[];
  turn: number;
}

/**
 * The fields of a shared declaration (`Synced`, what clients read) that a schema lacks: `never` when it has them all.
 * A server part asserts `const fields: Record<MissingFields<Synced, Schema>, never> = {}`, so a field declared for
 * the clients but left out of the schema fails the typecheck rather than reaching a view as undefined.
 */
export type MissingFields<Synced, Schema> = Exclude<keyof Synced, keyof Schema>;

type TurnGame = AnyGame & { version(state: TwoPlayerTurnState): number };

/** The waiting table's fields. */
export function initTurn(state: TurnSchema, config: TurnConfig): void {
  Object.assign(state, { phase: 'waiting', toMove: '', winner: '', endReason: '', deadline: 0, turnSeconds: config.turnSeconds, spectators: 0, turn: 0, replayId: '' });
}

/** Phase, whose turn, the winner, how it ended, and the turn count, from the rules' view. */
export function mirrorTurn<G extends TurnGame>(state: TurnSchema, view: TwoPlayerTurnState, ctx: StepContext<G>, game: G): void {
  Object.assign(state, {
    phase: view.winner === null ? 'playing' : 'game_over',
    toMove: ctx.sessionOf(view.toAct),
    winner: view.winner === 'draw' ? 'draw' : ctx.sessionOf(view.winner),
    endReason: view.reason ?? '',
    turn: game.version(view),
  });
}

/**
 * The parts of a ServerGame every two-player turn table shares: a full table is watched, a
 * player gone for good forfeits, the stored room goes with the outcome, each action is patched
 * at once, seat rows, and the policies. `record` is what the finished game keeps for its replay.
 */
export function turnServerParts<G extends TurnGame, S extends TurnSchema & { players: Map<string, TurnPlayer> }>(record: (table: PolicyTable<S, G>) => unknown) {
  return {
    whenFull: 'watch',
    whenGone: 'abandon',
    endsAtOutcome: true,
    // Every accepted action is patched at once; the timer is a safety net.
    patchRate: 1000,
    row: (seat, index) => new TurnPlayer({ name: seat.name, seat: index + 1, connected: true, returnBy: 0 }),
    policies: [
      historyPolicy<S, G>((table) => ({ record: record(table) })),
      rematch<S>({ votes: (state) => state.rematchVotes }),
    ],
  } satisfies Partial<ServerGame<G, S>>;
}
