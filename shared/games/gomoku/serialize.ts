/**
 * Seed Property 11: a state survives JSON and comes back equal, with a format version check.
 *
 * Version 2 keeps the board as 15 rows of 15 cells (board.ts); version 1 kept it as 225 flat
 * cells. Version 1 documents are still read, and so are version 1 states with no document
 * around them: the table's Redis snapshots hold the rules state as it was when saved, and a
 * restored room's state goes through `upgradeState` once (the definition's `revive`). Reading
 * either also gives a game that ended under an old end reason's name today's (state.ts
 * LEGACY_END_REASONS).
 *
 * In every stored form `moves` is a flat array of placements (or packed numbers); in memory it is
 * a chunked MoveList (move-list.ts). Writing flattens it and reading chunks it again, so the
 * stored formats did not change when the in-memory one did.
 */
import { reject, type Rejected } from '../../core/result';
import { boardFromCells, isRowBoard, SIZE, type FlatCells } from './board';
import { forEachMove, movesFromArray, movesToArray, type MoveList } from './move-list';
import { currentEndReason, type GomokuState, type Placement } from './state';
import { cellsFromMoves, colourOfStone, type Phase, type Seat } from './swap2';

export const FORMAT_VERSION = 2;

/** A state as version 2 writes it (and as snapshots held it before packing): `moves` a flat array. */
export type StoredGomokuState = Omit<GomokuState, 'moves'> & { moves: Placement[] };

/** A state as version 1 wrote it: the same fields, the board as 225 flat cells (index y * 15 + x). */
export type GomokuStateV1 = Omit<StoredGomokuState, 'board'> & { board: FlatCells };

/**
 * A state packed for the table's snapshot, which a room rewrites to Redis after every move:
 * no board (the stones give it) and each placement as three numbers (cell, seat, phase), so
 * about 10 bytes of JSON a stone instead of ~60 plus the board's ~500.
 */
export type PackedGomokuState = Omit<GomokuState, 'board' | 'moves'> & { packed: 1; moves: number[] };

/** The phases a stone can be placed in, by their number in a packed state. */
const PLACING_PHASES: readonly Phase[] = ['swap2_placement', 'swap2_extra', 'main_game'];

export function packState(state: GomokuState): PackedGomokuState {
  const { board: _board, moves, ...rest } = state;
  const packed: number[] = [];
  forEachMove(moves, (m) => packed.push(m.y * SIZE + m.x, m.seat, PLACING_PHASES.indexOf(m.phase)));
  return { ...rest, packed: 1, moves: packed };
}

function unpackState(packed: PackedGomokuState): GomokuState {
  const { packed: _packed, moves: numbers, ...rest } = packed;
  const moves: Placement[] = [];
  const stones: number[] = [];
  for (let i = 0; i + 2 < numbers.length; i += 3) {
    const [cell, seat, phase] = [numbers[i], numbers[i + 1], numbers[i + 2]];
    const order = moves.length + 1;
    stones.push(cell);
    moves.push({ x: cell % SIZE, y: Math.floor(cell / SIZE), colour: colourOfStone(order), seat: seat as Seat, order, phase: PLACING_PHASES[phase] });
  }
  return { ...rest, board: boardFromCells(cellsFromMoves(stones)), moves: movesFromArray(moves) };
}

/**
 * The state in the current format: a packed one (the table's snapshots) is unpacked, a
 * version 1 state gets its board in rows, a stored one its moves in chunks, a current one
 * (in memory) is returned as is.
 */
export function upgradeState(saved: GomokuState | StoredGomokuState | GomokuStateV1 | PackedGomokuState): GomokuState {
  const state = withCurrentEndReason(saved);
  if ((state as PackedGomokuState).packed === 1) return unpackState(state as PackedGomokuState);
  const unpacked = state as GomokuState | StoredGomokuState | GomokuStateV1;
  const moves = isFlatMoves(unpacked.moves) ? movesFromArray(unpacked.moves) : unpacked.moves;
  // Not a flat board of cells either (a document that is no state): passed on as it came, as version 1 did.
  if (!Array.isArray(unpacked.board) || isRowBoard(unpacked.board)) {
    return moves === unpacked.moves ? (unpacked as GomokuState) : ({ ...unpacked, moves } as GomokuState);
  }
  return { ...unpacked, board: boardFromCells(unpacked.board), moves } as GomokuState;
}

/**
 * The state with its end reason in today's words: a game that ended before Gomoku took the
 * standard forfeit names (`resign`, `timeout`, `abandon`) ends as `resigned`, `time`, `left`.
 * Any other state (a game still on, a document that is no state) is returned as it is.
 */
function withCurrentEndReason<S extends { endReason?: string | null }>(state: S): S {
  const reason = state?.endReason;
  if (typeof reason !== 'string' || currentEndReason(reason) === reason) return state;
  return { ...state, endReason: currentEndReason(reason) };
}

/** A stored flat array of placements, not a MoveList (whose elements are arrays); an empty array is both. */
function isFlatMoves(moves: MoveList<Placement> | Placement[] | undefined): moves is Placement[] {
  return Array.isArray(moves) && moves.length > 0 && !Array.isArray(moves[0]);
}

/** The state as stored: as it is but with `moves` a flat array of placements. */
function storedState(state: GomokuState): StoredGomokuState {
  return { ...state, moves: movesToArray(state.moves) };
}

export function serialize(state: GomokuState): string {
  return JSON.stringify({ v: FORMAT_VERSION, state: storedState(state) });
}

export function deserialize(text: string): { ok: true; state: GomokuState } | Rejected<'bad_format' | 'bad_version'> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return reject('bad_format', 'not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || !('state' in parsed)) {
    return reject('bad_format', 'no state in the document');
  }
  const { v, state } = parsed as { v: unknown; state: StoredGomokuState | GomokuStateV1 };
  if (v === 1) return { ok: true, state: upgradeState(state) };
  if (v !== FORMAT_VERSION) return reject('bad_version', `format version ${String(v)} is not ${FORMAT_VERSION} (or 1, read and upgraded)`);
  // As before, a document that is no state is passed on as it came (with moves chunked if there are any).
  const current = withCurrentEndReason(state as StoredGomokuState);
  const { moves } = current;
  return { ok: true, state: (isFlatMoves(moves) ? { ...current, moves: movesFromArray(moves) } : current) as GomokuState };
}
