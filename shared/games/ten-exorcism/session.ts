/**
 * Sessions in the seed's export format (`{v: 1, id, seed, start, end, actions: [{t, s, r, p}],
 * score}`) and their verification by replay: the board is rebuilt from the seed and every
 * logged selection is applied again; the session is valid when the replayed score equals the
 * claimed one. Replay clamps selections exactly as play does.
 */
import { createBoardFromSeed, executeExorcism, validateSelection } from './board';
import { MAX_ATTEMPTS, type LoggedAction, type TenState } from './game';

export interface ExportedSession {
  v: 1;
  id: string;
  seed: number;
  start: number;
  end: number;
  actions: LoggedAction[];
  score: number;
}

export function exportSession(state: TenState, id: string, start: number, end: number): ExportedSession {
  return { v: 1, id, seed: state.seed, start, end, actions: state.actions, score: state.score };
}

export function replayScore(session: Pick<ExportedSession, 'seed' | 'actions'>): number {
  let board = createBoardFromSeed(session.seed);
  let score = 0;
  for (const a of session.actions) {
    const selection = { startRow: a.s[0], startCol: a.s[1], endRow: a.s[2], endCol: a.s[3] };
    const v = validateSelection(board, selection);
    if (v.isValid) {
      board = executeExorcism(board, selection);
      score += v.tileCount;
    }
  }
  return score;
}

export function verifySession(session: ExportedSession): { valid: boolean; score: number } {
  const score = replayScore(session);
  return { valid: score === session.score, score };
}

const MAX_ACTIONS = MAX_ATTEMPTS;
const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** Checks an untrusted body against the export format; the reason names the first problem. */
export function parseSession(body: unknown): { ok: true; session: ExportedSession } | { ok: false; reason: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, reason: 'the body must be a JSON object' };
  const b = body as Record<string, unknown>;
  if (b.v !== 1) return { ok: false, reason: 'v must be 1 (the export format version)' };
  if (typeof b.id !== 'string' || b.id.length > 100) return { ok: false, reason: 'id must be a string of at most 100 characters' };
  if (!isInt(b.seed, 0, 2 ** 32 - 1)) return { ok: false, reason: 'seed must be an integer from 0 to 2^32-1' };
  for (const k of ['start', 'end'] as const) if (typeof b[k] !== 'number' || !Number.isFinite(b[k])) return { ok: false, reason: `${k} must be a number` };
  if (!isInt(b.score, 0, 170)) return { ok: false, reason: 'score must be an integer from 0 to 170' };
  if (!Array.isArray(b.actions) || b.actions.length > MAX_ACTIONS) return { ok: false, reason: `actions must be an array of at most ${MAX_ACTIONS}` };
  for (const [i, a] of b.actions.entries()) {
    const x = a as Record<string, unknown>;
    if (typeof x !== 'object' || x === null || !Array.isArray(x.s) || x.s.length !== 4 || !x.s.every((n) => isInt(n, -1e6, 1e6))) {
      return { ok: false, reason: `actions[${i}].s must be [startRow, startCol, endRow, endCol] integers` };
    }
    if (typeof x.t !== 'number' || (x.r !== 0 && x.r !== 1) || !isInt(x.p, 0, 170)) return { ok: false, reason: `actions[${i}] needs t (number), r (0 or 1) and p (integer)` };
  }
  return { ok: true, session: b as unknown as ExportedSession };
}
