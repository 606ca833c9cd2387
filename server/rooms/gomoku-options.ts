import type { WinRule } from '../../shared/gomoku';
import { asOptions, invalidOption, parseBoolean, parseIntegerIn, parseName, parseOneOf } from './join-options';

export interface GomokuJoinOptions {
  name: string;
  rule: WinRule;
  swap2: boolean;
  turnSeconds: number;
  spectate: boolean;
}

/**
 * Seats held for named players (a rematch, a ranked pairing): seat number → secret key.
 * Only server code creates such rooms and hands out the keys inside seat reservations.
 */
export type SeatKeys = Partial<Record<1 | 2, string>>;

export const TURN_SECONDS = { min: 5, max: 3600, default: 60 } as const;

/** Throws a matchmaking error on any bad option; fills defaults for absent ones. */
export function parseGomokuOptions(raw: unknown): GomokuJoinOptions {
  const options = asOptions(raw);
  return parseFields(options);
}

/** Options as a client sends them: the server-only fields are refused. */
export function parseClientGomokuOptions(raw: unknown): GomokuJoinOptions {
  const options = asOptions(raw);
  for (const field of ['seatKeys', 'seatKey', 'ranked']) {
    if (field in options) throw invalidOption(`${field} is set by the server only`);
  }
  return parseFields(options);
}

function parseFields(options: Record<string, unknown>): GomokuJoinOptions {
  return {
    name: parseName(options.name),
    rule: parseOneOf(options.rule, 'rule', ['standard', 'freestyle'] as const, 'standard'),
    swap2: parseBoolean(options.swap2, 'swap2', true),
    turnSeconds: parseIntegerIn(options.turnSeconds, 'turnSeconds', TURN_SECONDS.min, TURN_SECONDS.max, TURN_SECONDS.default),
    spectate: parseBoolean(options.spectate, 'spectate', false),
  };
}
