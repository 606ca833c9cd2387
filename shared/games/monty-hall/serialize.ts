/** The seed's JSON serialization: the game with `version: "1.0"`; another version, or an invalid game, is refused. */
import { reject, type Rejected } from '../../core/result';
import { validate, type MontyState } from './game';

export const VERSION = '1.0';

export function serialize(state: MontyState): string {
  return JSON.stringify({ ...state, version: VERSION });
}

export function deserialize(text: string): { ok: true; state: MontyState } | Rejected<'bad_format' | 'bad_version' | 'invalid_game'> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return reject('bad_format', 'not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray((parsed as { doors?: unknown }).doors)) return reject('bad_format', 'not a game');
  const { version, ...state } = parsed as MontyState & { version?: unknown };
  if (version !== VERSION) return reject('bad_version', 'unsupported game version');
  const problem = validate(state);
  return problem ? reject('invalid_game', problem) : { ok: true, state };
}
