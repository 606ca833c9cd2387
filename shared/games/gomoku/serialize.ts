/** Seed Property 11: a state survives JSON and comes back equal, with a format version check. */
import { reject, type Rejected } from '../../core/result';
import type { GomokuState } from './state';

export const FORMAT_VERSION = 1;

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
  const { v, state } = parsed as { v: unknown; state: GomokuState };
  if (v !== FORMAT_VERSION) return reject('bad_version', `format version ${String(v)} is not ${FORMAT_VERSION}`);
  return { ok: true, state };
}
