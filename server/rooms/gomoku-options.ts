import type { WinRule } from '../../shared/gomoku';
import { asOptions, parseBoolean, parseIntegerIn, parseName, parseOneOf } from './join-options';

export interface GomokuJoinOptions {
  name: string;
  rule: WinRule;
  swap2: boolean;
  turnSeconds: number;
  spectate: boolean;
}

export const TURN_SECONDS = { min: 5, max: 3600, default: 60 } as const;

/** Throws a matchmaking error on any bad option; fills defaults for absent ones. */
export function parseGomokuOptions(raw: unknown): GomokuJoinOptions {
  const options = asOptions(raw);
  return {
    name: parseName(options.name),
    rule: parseOneOf(options.rule, 'rule', ['standard', 'freestyle'] as const, 'standard'),
    swap2: parseBoolean(options.swap2, 'swap2', true),
    turnSeconds: parseIntegerIn(options.turnSeconds, 'turnSeconds', TURN_SECONDS.min, TURN_SECONDS.max, TURN_SECONDS.default),
    spectate: parseBoolean(options.spectate, 'spectate', false),
  };
}
