/**
 * Building blocks for a game's join/create options (valibot entries). Options are untrusted
 * data; the server reads them as own properties only into the closed shape a game declares
 * (server/guards/join-options.ts), and these give each refusal a message that names the field.
 */
import * as v from 'valibot';

export const booleanOption = (field: string, fallback: boolean) => v.optional(v.boolean(`${field} must be true or false`), fallback);

export function integerOption(field: string, min: number, max: number, fallback: number) {
  const message = `${field} must be an integer from ${min} to ${max}`;
  return v.optional(v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message)), fallback);
}

export function oneOfOption<const T extends readonly [string, ...string[]]>(field: string, allowed: T, fallback: T[number]) {
  return v.optional(v.picklist(allowed, `${field} must be one of ${allowed.join(', ')}`), fallback);
}
