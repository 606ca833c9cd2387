import * as v from 'valibot';
import type { WinRule } from '../../shared/games/gomoku';
import { booleanOption, integerOption, oneOfOption, parseClientOptions, parseRoomOptions, seatOptions } from '../table/join-options';
import type { RankedOption } from '../ranked/series';

export const TURN_SECONDS = { min: 5, max: 3600, default: 60 } as const;

/** The `gomoku` room's join/create options: a closed shape (README, "The gomoku room"). */
const gomokuOptions = {
  ...seatOptions,
  rule: oneOfOption('rule', ['standard', 'freestyle'] as const, 'standard'),
  swap2: booleanOption('swap2', true),
  turnSeconds: integerOption('turnSeconds', TURN_SECONDS.min, TURN_SECONDS.max, TURN_SECONDS.default),
};

export type GomokuJoinOptions = { name: string; rule: WinRule; swap2: boolean; turnSeconds: number; spectate: boolean };

/**
 * Seats held for named players (a rematch, a ranked pairing): seat number → secret key.
 * Only server code creates such rooms and hands out the keys inside seat reservations.
 */
export type SeatKeys = Partial<Record<1 | 2, string>>;

const key = v.pipe(v.string(), v.minLength(16), v.maxLength(64));
const seatKeysSchema = v.strictObject({ 1: v.optional(key), 2: v.optional(key) });
const seriesPlayer = v.strictObject({ playerId: v.string(), name: v.string(), rating: v.number(), rd: v.number() });
const rankedSchema = v.strictObject({ matchId: v.string(), bestOf: v.picklist([1, 3]), players: v.tuple([seriesPlayer, seriesPlayer]) });

/** A client's options (onAuth): the server-only ones are refused. */
export function parseClientGomokuOptions(raw: unknown): GomokuJoinOptions {
  return parseClientOptions(gomokuOptions, raw);
}

/** Options as the room gets them: a client's (checked by onAuth) or the server's, with its own keys apart. */
export function parseGomokuRoomOptions(raw: unknown): {
  options: GomokuJoinOptions;
  restore?: string;
  ranked?: RankedOption;
  seatKeys?: SeatKeys;
  seatKey?: string;
} {
  const { options, server, restore } = parseRoomOptions(gomokuOptions, raw);
  return {
    options,
    restore,
    ranked: server.ranked === undefined ? undefined : (v.parse(rankedSchema, server.ranked) as RankedOption),
    seatKeys: server.seatKeys === undefined ? undefined : v.parse(seatKeysSchema, server.seatKeys),
    seatKey: server.seatKey === undefined ? undefined : v.parse(key, server.seatKey),
  };
}
