/**
 * Message payloads are untrusted data decoded from msgpack: a game declares each message's
 * payload as a valibot schema beside its rules, and the server decodes every message with
 * `decodePayload` before anything else reads it. Bad input is a value (a coded rejection),
 * never an exception.
 */
import * as v from 'valibot';
import { reject, type Rejected } from './result';

/** Deeper than this, a payload is not one of ours. */
const MAX_DEPTH = 8;

/** A message without fields: nothing, null or `{}`. */
export const emptyPayload = v.union([v.undefined(), v.null(), v.strictObject({})], 'expected no fields');

export const integerField = (field: string) => v.pipe(v.number(`${field} must be an integer`), v.integer(`${field} must be an integer`));

export const stringField = (field: string, maxLength = 64) =>
  v.pipe(v.string(`${field} must be a string`), v.maxLength(maxLength, `${field} must be at most ${maxLength} characters`));

/**
 * Plain data only: primitives, arrays and objects whose prototype is Object's (or null),
 * not too deep. Checked before a schema looks at the value, so nothing downstream meets an
 * object with odd `toString`/`valueOf`, a class instance, a Map or a BigInt-keyed thing.
 */
export function isPlainData(value: unknown, depth = 0): boolean {
  if (value === null || value === undefined) return true;
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return true;
  if (type !== 'object' || depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.every((item) => isPlainData(item, depth + 1));
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.keys(value as object).every((key) => isPlainData((value as Record<string, unknown>)[key], depth + 1));
}

export type Decoded<T> = { ok: true; value: T } | Rejected<'invalid_payload'>;

export function decodePayload<S extends v.GenericSchema>(schema: S, payload: unknown): Decoded<v.InferOutput<S>> {
  if (!isPlainData(payload)) return reject('invalid_payload', 'the payload must be plain data (objects, arrays, strings, numbers, booleans)');
  // Every message is an object (or nothing); valibot would take `[]` for an empty object.
  if (Array.isArray(payload)) return reject('invalid_payload', 'the payload must be an object');
  const result = v.safeParse(schema, payload);
  if (result.success) return { ok: true, value: result.output };
  const issue = result.issues[0];
  const where = issue.path?.map((p) => String(p.key)).join('.');
  return reject('invalid_payload', where ? `${where}: ${issue.message}` : issue.message);
}
