/**
 * What a finished Gomoku game keeps for its replay (server/history/): the settings, and every
 * step that changed the position in order — the Swap 2 stones with the choices between them
 * (who made each and what was chosen), then the main game's stones. Seats are the table's
 * (0-based), as in FinishedGame.players, and as the rules number them: records kept before the
 * rules did already held these numbers, so every kept record reads alike. The client reads it in
 * client/src/games/gomoku/replay.ts.
 */
import type { GomokuState, Phase, Stone, Swap2Choice } from '../../../shared/games/gomoku';
import { moveAt, moveCount } from '../../../shared/games/gomoku/move-list';
import type { GameDescription } from '../../history/history-policy';
import type { PolicyTable } from '../../table/server-game';
import type { GomokuRoomState } from './schema';

export type GomokuReplayStep =
  | { type: 'place'; seat: number; x: number; y: number; colour: Stone; order: number; phase: Phase }
  | { type: 'choice'; seat: number; choice: Swap2Choice; phase: 'swap2_choice' | 'swap2_final_choice' };

export interface GomokuReplayRecord {
  config: {
    rule: string; swap2: boolean; turnSeconds: number; /** The computer's level, 0 for two people. */ computer: number;
    /** The Fischer control ("5+3"); absent with the per-move clock. */
    clock?: string;
  };
  steps: GomokuReplayStep[];
  /** With a Fischer clock: ms left on the mover's clock after each step (as `steps`; -1: no clock ran, the computer's move). */
  clockLeft?: number[];
  /** The seats that played Black and White (null when the opening never got that far). */
  black: number | null;
  white: number | null;
  /** The cells of the winning five (index y*15+x), empty otherwise. */
  winLine: number[];
}

/** `table`: what the table's synced state says of the game's settings (the clock, the computer's level). */
export function gomokuReplayRecord(state: GomokuState, table: { turnSeconds: number; computer: number; clock?: string }, readings: readonly number[] = []): GomokuReplayRecord {
  const steps: GomokuReplayStep[] = [];
  let stones = 0;
  let choices = 0;
  const place = () => {
    const m = moveAt(state.moves, stones++);
    steps.push({ type: 'place', seat: m.seat, x: m.x, y: m.y, colour: m.colour, order: m.order, phase: m.phase });
  };
  // The opening interleaves stones and choices; its stones are the first moves, in order.
  for (const action of state.opening) {
    if (action.type === 'place') place();
    else steps.push({ type: 'choice', seat: action.seat, choice: action.choice, phase: choices++ === 0 ? 'swap2_choice' : 'swap2_final_choice' });
  }
  while (stones < moveCount(state.moves)) place();
  return {
    config: { rule: state.config.rule, swap2: state.config.swap2, turnSeconds: table.turnSeconds, computer: table.computer, ...(table.clock ? { clock: table.clock } : {}) },
    steps,
    // Each action was a step, in order (the last reading may be the flag's, past the last step).
    ...(table.clock ? { clockLeft: readings.slice(0, steps.length) } : {}),
    black: state.black,
    white: state.white,
    winLine: [...state.winLine],
  };
}

/** The history policy's `describe` for a Gomoku table: the record, and the ranked match and game number when rated. */
export function describeGomoku(table: PolicyTable<GomokuRoomState>): GameDescription {
  const schema = table.schema;
  return {
    record: gomokuReplayRecord(table.game() as GomokuState, schema, table.clockReadings()),
    ...(schema.ranked && schema.matchId ? { ranked: { matchId: schema.matchId, game: schema.gameNumber } } : {}),
  };
}
