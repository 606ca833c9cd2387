/**
 * A finished game as the server keeps it (server/history/) and `GET /api/games/<id>` serves it
 * to the replay page (client/src/replay/): one shape for both sides.
 */
export interface FinishedGame {
  /** URL-safe id: the game's replay is at `#/replay/<id>`. */
  id: string;
  /** The room name of a game that keeps its finished games (gomoku, flip7, connect_four). */
  game: string;
  roomId: string;
  startedAt: number;
  endedAt: number;
  /** Seat 0-based; playerId: the ranked account. */
  players: { seat: number; name: string; bot: boolean; playerId?: string }[];
  /** Winning seats (0-based). */
  winner: number[] | 'draw' | null;
  reason: string;
  ranked?: { matchId: string; game: number };
  /** The game's own replay data (Gomoku: config + moves/Swap 2 steps; Flip 7: its structured log and final table). */
  record: unknown;
}
