/**
 * Strict checks of client payloads: a payload is accepted only when it has exactly the
 * expected keys with values of the expected types. Anything else is `invalid_payload`.
 * msgpack hands us arbitrary values (strings, NaN, BigInt, nested objects), so nothing is assumed.
 */
export type PayloadCheck<T> = { ok: true; value: T } | { ok: false; message: string };

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The payload must be an object with exactly `keys`, or (when `keys` is empty) nothing at all. */
export function exactKeys(payload: unknown, keys: readonly string[]): PayloadCheck<Record<string, unknown>> {
  if ((payload === undefined || payload === null) && keys.length === 0) return { ok: true, value: {} };
  if (!isPlainObject(payload)) return { ok: false, message: `expected an object with ${describe(keys)}` };
  const present = Object.keys(payload);
  const extra = present.filter((k) => !keys.includes(k));
  const missing = keys.filter((k) => !present.includes(k));
  if (extra.length) return { ok: false, message: `unexpected field(s): ${extra.join(', ')}` };
  if (missing.length) return { ok: false, message: `missing field(s): ${missing.join(', ')}` };
  return { ok: true, value: payload };
}

export function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

function describe(keys: readonly string[]): string {
  return keys.length ? `fields ${keys.join(', ')}` : 'no fields';
}
