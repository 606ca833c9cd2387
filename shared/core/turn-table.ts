/**
 * The synced state of a two-player turn-based table, one declaration for both ends: the server's
 * turn kit (server/games/turn-kit.ts) builds its schema fields to it, and a view reads its state
 * through it (client/src/table-kit.ts `SyncedState`), so neither re-declares the other's fields.
 */
export interface SyncedSeat {
  name: string;
  /** The seat, from 1. */
  seat: number;
  connected: boolean;
  /** Epoch ms by which a disconnected player must be back (0 when none is kept). */
  returnBy: number;
}

export interface TurnTableSynced {
  /** `waiting` (for the second player), `playing`, `game_over`: the kit's result panel shows at `game_over`. */
  phase: string;
  /** The session to move, '' when nobody is. */
  toMove: string;
  /** The winner's session, 'draw', or ''. */
  winner: string;
  /** How the game ended (the rules' reason: the game's own, or resigned, time, left); '' while it goes on. */
  endReason: string;
  players: Map<string, SyncedSeat>;
  spectators: number;
  /** Epoch ms at which the turn clock runs out; 0 when none runs. */
  deadline: number;
  turnSeconds: number;
  /** The finished game's id for its replay at `#/replay/<id>`; '' until it is kept. */
  replayId: string;
  /** Players who asked for a rematch after the game ended. */
  rematchVotes: string[];
  /** Accepted actions so far (the rules' `version`). */
  turn: number;
}
