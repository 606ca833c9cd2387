import * as v from 'valibot';
import { integerOption, invalidOption, parseClientOptions, parseRoomOptions, seatOptions } from '../table/join-options';

/** The most seats a table has (seed: 3-18 players). */
export const MAX_SEATS = 18;

/** The `flip7` room's join/create options: a closed shape (README, "The flip7 room"). */
const flip7Options = {
  ...seatOptions,
  maxPlayers: integerOption('maxPlayers', 3, MAX_SEATS, 8),
  bots: integerOption('bots', 0, MAX_SEATS - 1, 0),
  turnSeconds: integerOption('turnSeconds', 5, 3600, 30),
  /** A seat's private resume token, to take a seat back from the bot that plays it. */
  seatToken: v.optional(v.pipe(v.string('seatToken must be a string'), v.maxLength(64, 'seatToken must be a string'))),
};

export type Flip7JoinOptions = v.InferOutput<v.StrictObjectSchema<typeof flip7Options, undefined>>;

function withinTable(options: Flip7JoinOptions): Flip7JoinOptions {
  if (options.bots > options.maxPlayers - 1) throw invalidOption(`bots must be an integer from 0 to ${options.maxPlayers - 1}`);
  return options;
}

export function parseClientFlip7Options(raw: unknown): Flip7JoinOptions {
  return withinTable(parseClientOptions(flip7Options, raw));
}

export function parseFlip7RoomOptions(raw: unknown): { options: Flip7JoinOptions; restore?: string } {
  const { options, restore } = parseRoomOptions(flip7Options, raw);
  return { options: withinTable(options), restore };
}
