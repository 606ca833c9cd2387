/**
 * Join options are checked before a seat is reserved (in the room's static onAuth),
 * so a bad option is a clear matchmaking error and never reaches onJoin (STACK.md fact 16).
 */
import { ErrorCode, ServerError } from '@colyseus/core';

export const NAME_MAX = 24;

export function invalidOption(message: string): ServerError {
  return new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, `invalid join option: ${message}`);
}

/** A display name: 1-24 characters after trimming, no control characters. Absent → "Guest". */
export function parseName(value: unknown): string {
  if (value === undefined) return 'Guest';
  if (typeof value !== 'string') throw invalidOption('name must be a string');
  const name = value.trim();
  if (name.length < 1 || [...name].length > NAME_MAX) throw invalidOption(`name must be 1-${NAME_MAX} characters`);
  if (/\p{Cc}/u.test(name)) throw invalidOption('name must not contain control characters');
  return name;
}

export function parseBoolean(value: unknown, field: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw invalidOption(`${field} must be true or false`);
  return value;
}

export function parseIntegerIn(value: unknown, field: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalidOption(`${field} must be an integer from ${min} to ${max}`);
  }
  return value;
}

export function parseOneOf<T extends string>(value: unknown, field: string, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) throw invalidOption(`${field} must be one of ${allowed.join(', ')}`);
  return value as T;
}

export function asOptions(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidOption('options must be an object');
  // Options arrive parsed from HTTP JSON by the router, which may not use plain prototypes.
  return { ...(value as Record<string, unknown>) };
}
