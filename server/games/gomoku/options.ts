/**
 * The `gomoku` room's join/create options as one closed shape (README, "The gomoku room"):
 * the table's own (`name`, `spectate`), the rules' (`rule`, `swap2`, `turnSeconds`) and the
 * server-only keys its policies read (`ranked`, `seatKeys`, `seatKey`).
 */
import * as v from 'valibot';
import { gomokuOptions as ruleOptions } from '../../../shared/games/gomoku';
import { parseClientOptions, parseRoomOptions, seatOptions } from '../../guards/join-options';
import { rankedOptionSchema, type RankedOption } from '../../ranked/series';

const gomokuOptions = { ...seatOptions, ...ruleOptions };

export type GomokuJoinOptions = v.InferOutput<v.StrictObjectSchema<typeof gomokuOptions, undefined>>;

/** Seats held for named players (a rematch, a ranked pairing): seat number → secret key. */
export type SeatKeys = Partial<Record<1 | 2, string>>;

const key = v.pipe(v.string(), v.minLength(16), v.maxLength(64));
const seatKeysSchema = v.strictObject({ 1: v.optional(key), 2: v.optional(key) });

/** A client's options (onAuth): the server-only ones are refused. */
export function parseClientGomokuOptions(raw: unknown): GomokuJoinOptions {
  return parseClientOptions(gomokuOptions, raw);
}

/** Options as the room gets them: a client's (checked by onAuth) or the server's, with its own keys apart. */
export function parseGomokuRoomOptions(raw: unknown): { options: GomokuJoinOptions; restore?: string; ranked?: RankedOption; seatKeys?: SeatKeys; seatKey?: string } {
  const { options, server, restore } = parseRoomOptions(gomokuOptions, raw);
  return {
    options,
    restore,
    ranked: server.ranked === undefined ? undefined : (v.parse(rankedOptionSchema, server.ranked) as RankedOption),
    seatKeys: server.seatKeys === undefined ? undefined : v.parse(seatKeysSchema, server.seatKeys),
    seatKey: server.seatKey === undefined ? undefined : v.parse(key, server.seatKey),
  };
}
