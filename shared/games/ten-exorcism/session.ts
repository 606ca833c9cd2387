/**
 * Sessions in the seed's export format (`{v: 1, id, seed, start, end, actions: [{t, s, r, p}],
 * score}`) and their verification by replay: the board is rebuilt from the seed and every
 * logged selection is applied again; the session is valid when the replayed score equals the
 * claimed one. Replay clamps selections exactly as play does.
 */
import * as v from 'valibot';
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

const integer = (min: number, max: number, message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
const finite = (message: string) => v.pipe(v.number(message), v.finite(message));
/** A closed object: a key it does not name is refused (`unknownKey`), as is anything that is not an object (`notObject`). */
const closed = <E extends v.ObjectEntries>(entries: E, notObject: string) =>
  v.strictObject(entries, (issue) => (issue.expected === 'never' ? 'is not a field of the export format' : notObject));

const selectionMessage = 'must be [startRow, startCol, endRow, endCol] integers';
const actionSchema = closed({
  t: finite('needs t (number), r (0 or 1) and p (integer)'),
  s: v.strictTuple([integer(-1e6, 1e6, selectionMessage), integer(-1e6, 1e6, selectionMessage), integer(-1e6, 1e6, selectionMessage), integer(-1e6, 1e6, selectionMessage)], selectionMessage),
  r: v.picklist([0, 1], 'needs t (number), r (0 or 1) and p (integer)'),
  p: integer(0, 170, 'needs t (number), r (0 or 1) and p (integer)'),
}, 'must be an object {t, s, r, p}');

/**
 * The export format as a closed shape: unknown keys are refused, at the top and in each action,
 * so nothing a client adds is carried or looked at (the HTTP route checks this before any replay).
 */
export const exportedSessionSchema = closed({
  v: v.literal(1, 'must be 1 (the export format version)'),
  id: v.pipe(v.string('must be a string of at most 100 characters'), v.maxLength(100, 'must be a string of at most 100 characters')),
  seed: integer(0, 2 ** 32 - 1, 'must be an integer from 0 to 2^32-1'),
  start: finite('must be a number'),
  end: finite('must be a number'),
  actions: v.pipe(v.array(actionSchema, `must be an array of at most ${MAX_ACTIONS}`), v.maxLength(MAX_ACTIONS, `must be an array of at most ${MAX_ACTIONS}`)),
  score: integer(0, 170, 'must be an integer from 0 to 170'),
}, 'the body must be a JSON object');

/** Every key the export format has, at any level (a session's and an action's). */
export const EXPORT_FORMAT_KEYS: readonly string[] = [...Object.keys(exportedSessionSchema.entries), ...Object.keys(actionSchema.entries)];

/** `actions[3].s` from a valibot issue path. */
function pathOf(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? []).map((item, i) => (typeof item.key === 'number' ? `[${item.key}]` : `${i ? '.' : ''}${String(item.key)}`)).join('');
}

/** Checks an untrusted body against the export format; the reason names the first problem. */
export function parseSession(body: unknown): { ok: true; session: ExportedSession } | { ok: false; reason: string } {
  if (Array.isArray(body)) return { ok: false, reason: 'the body must be a JSON object' };
  const result = v.safeParse(exportedSessionSchema, body, { abortEarly: true });
  if (result.success) return { ok: true, session: result.output as ExportedSession };
  const issue = result.issues[0];
  const where = pathOf(issue);
  return { ok: false, reason: where ? `${where} ${issue.message}` : issue.message };
}
