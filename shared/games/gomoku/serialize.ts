/**
 * Seed Property 11: a state survives JSON and comes back equal, with a format version check.
 *
 * Documents (`serialize`): version 3 numbers the seats as the table does (0 and 1, seat 0 opens);
 * version 2 numbered them 1 and 2 (seat 1 opened), with the board as 15 rows of 15 cells
 * (board.ts); version 1 also numbered them 1 and 2 and kept the board as 225 flat cells. Older
 * documents are still read, and so are the states the table's Redis snapshots hold: packed
 * (`packed: 2` today; `packed: 1` numbered the seats 1 and 2) or, from before packing, whole
 * states of version 1 or 2 with no document around them. A restored room's state goes through
 * `reviveState` once (the definition's `revive`). Reading any of them gives today's state: the
 * table's seats, and a game that ended under an old end reason's name today's (state.ts
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

export const FORMAT_VERSION = 3;

/** A packed state's version (`packed`): 2 numbers the seats 0 and 1, 1 numbered them 1 and 2. */
export const PACKED_VERSION = 2;

/**
 * A state as a document holds it (and as snapshots held it before packing): `moves` a flat array.
 * Documents of versions 1 and 2, and every such snapshot, number the seats 1 and 2.
 */
export type StoredGomokuState = Omit<GomokuState, 'moves'> & { moves: Placement[] };

/** A state as version 1 wrote it: the same fields, the board as 225 flat cells (index y * 15 + x). */
export type GomokuStateV1 = Omit<StoredGomokuState, 'board'> & { board: FlatCells };

/**
 * A state packed for the table's snapshot, which a room rewrites to Redis after every move:
 * no board (the stones give it) and each placement as three numbers (cell, seat, phase), so
 * about 10 bytes of JSON a stone instead of ~60 plus the board's ~500.
 */
export type PackedGomokuState = Omit<GomokuState, 'board' | 'moves'> & { packed: 1 | typeof PACKED_VERSION; moves: number[] };

/** Every form a table's snapshot has held its rules state in. */
export type SavedGomokuState = StoredGomokuState | GomokuStateV1 | PackedGomokuState;

/** The phases a stone can be placed in, by their number in a packed state. */
const PLACING_PHASES: readonly Phase[] = ['swap2_placement', 'swap2_extra', 'main_game'];

export function packState(state: GomokuState): PackedGomokuState {
  const { board: _board, moves, ...rest } = state;
  const packed: number[] = [];
  forEachMove(moves, (m) => packed.push(m.y * SIZE + m.x, m.seat, PLACING_PHASES.indexOf(m.phase)));
  return { ...rest, packed: PACKED_VERSION, moves: packed };
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
 * A table snapshot's rules state as today's state. A packed one is unpacked; one saved before
 * packing gets its moves in chunks, and its board in rows if version 1 kept it flat. Every form
 * but `packed: 2` was saved while the rules numbered the seats 1 and 2: those get the table's.
 * Only for saved states (parsed JSON): a state in memory is today's already.
 */
export function reviveState(saved: SavedGomokuState): GomokuState {
  const state = currentShape(saved);
  return (saved as PackedGomokuState)?.packed === PACKED_VERSION ? state : withTableSeats(state);
}

/**
 * The state in the current shape, its seats numbered as saved: a packed one is unpacked, a
 * version 1 state gets its board in rows, a stored one its moves in chunks.
 */
function currentShape(saved: SavedGomokuState): GomokuState {
  const state = withCurrentEndReason(saved);
  if (isPacked(state)) return unpackState(state);
  // An empty `moves` array reads as either form: a stored state's or, chunked, today's.
  const unpacked = state as GomokuState | StoredGomokuState | GomokuStateV1;
  const moves = isFlatMoves(unpacked.moves) ? movesFromArray(unpacked.moves) : unpacked.moves;
  // Not a flat board of cells either (a document that is no state): passed on as it came, as version 1 did.
  if (!Array.isArray(unpacked.board) || isRowBoard(unpacked.board)) {
    return moves === unpacked.moves ? (unpacked as GomokuState) : ({ ...unpacked, moves } as GomokuState);
  }
  return { ...unpacked, board: boardFromCells(unpacked.board), moves } as GomokuState;
}

const isPacked = (state: SavedGomokuState): state is PackedGomokuState => {
  const version = (state as PackedGomokuState)?.packed;
  return version === 1 || version === PACKED_VERSION;
};

/**
 * A state saved while the rules numbered the seats 1 and 2 (seat 1 opened), in the table's
 * numbering (0 and 1, seat 0 opens): every seat it names is one less. Anything that is not a
 * state (a document that holds none) is passed on as it came.
 */
function withTableSeats(state: GomokuState): GomokuState {
  if (typeof state !== 'object' || state === null || !Array.isArray(state.opening) || !Array.isArray(state.moves as unknown)) return state;
  const seat = (old: Seat) => (old - 1) as Seat;
  const seatOrNull = (old: Seat | null) => (old === null ? null : seat(old));
  return {
    ...state,
    toAct: seatOrNull(state.toAct),
    black: seatOrNull(state.black),
    white: seatOrNull(state.white),
    winner: state.winner === 'draw' ? 'draw' : seatOrNull(state.winner),
    opening: state.opening.map((action) => ({ ...action, seat: seat(action.seat) })),
    moves: movesFromArray(movesToArray(state.moves).map((move) => ({ ...move, seat: seat(move.seat) }))),
  };
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
  // Versions 1 and 2 numbered the seats 1 and 2 (version 1 also kept the board flat).
  if (v === 1 || v === 2) return { ok: true, state: withTableSeats(currentShape(state)) };
  if (v !== FORMAT_VERSION) return reject('bad_version', `format version ${String(v)} is not ${FORMAT_VERSION} (or 1 or 2, read and upgraded)`);
  // As before, a document that is no state is passed on as it came (with moves chunked if there are any).
  const current = withCurrentEndReason(state as StoredGomokuState);
  const { moves } = current;
  return { ok: true, state: (isFlatMoves(moves) ? { ...current, moves: movesFromArray(moves) } : current) as GomokuState };
}
