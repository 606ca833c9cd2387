/**
 * Seed Property 11: a state survives JSON and comes back equal, with a format version check.
 *
 * Version 2 keeps the board as 15 rows of 15 cells (board.ts); version 1 kept it as 225 flat
 * cells. Version 1 documents are still read, and so are version 1 states with no document
 * around them: the table's Redis snapshots hold the rules state as it was when saved, and a
 * restored room's state goes through `upgradeState` once (the definition's `revive`).
 */
import { reject, type Rejected } from '../../core/result';
import { boardFromCells, isRowBoard, type FlatCells } from './board';
import type { GomokuState } from './state';

export const FORMAT_VERSION = 2;

/** A state as version 1 wrote it: the same fields, the board as 225 flat cells (index y * 15 + x). */
export type GomokuStateV1 = Omit<GomokuState, 'board'> & { board: FlatCells };

/** The state in the current format: a version 1 state gets its board in rows; a current one is returned as is. */
export function upgradeState(state: GomokuState | GomokuStateV1): GomokuState {
  // Not a flat board of cells either (a document that is no state): passed on as it came, as version 1 did.
  if (!Array.isArray(state.board) || isRowBoard(state.board)) return state as GomokuState;
  return { ...state, board: boardFromCells(state.board) };
}

export function serialize(state: GomokuState): string {
  return JSON.stringify({ v: FORMAT_VERSION, state });
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
  const { v, state } = parsed as { v: unknown; state: GomokuState | GomokuStateV1 };
  if (v === 1) return { ok: true, state: upgradeState(state) };
  if (v !== FORMAT_VERSION) return reject('bad_version', `format version ${String(v)} is not ${FORMAT_VERSION} (or 1, read and upgraded)`);
  return { ok: true, state: state as GomokuState };
}
