import { asOptions, invalidOption, parseBoolean, parseIntegerIn, parseName } from './join-options';

export interface Flip7JoinOptions {
  name: string;
  spectate: boolean;
  maxPlayers: number;
  bots: number;
  turnSeconds: number;
  /** A seat's private resume token, to take a seat back from the bot that plays it. */
  seatToken: string | undefined;
}

export function parseFlip7Options(raw: unknown): Flip7JoinOptions {
  const options = asOptions(raw);
  const maxPlayers = parseIntegerIn(options.maxPlayers, 'maxPlayers', 3, 18, 8);
  const seatToken = options.seatToken;
  if (seatToken !== undefined && (typeof seatToken !== 'string' || seatToken.length > 64)) throw invalidOption('seatToken must be a string');
  return {
    name: parseName(options.name),
    spectate: parseBoolean(options.spectate, 'spectate', false),
    maxPlayers,
    bots: parseIntegerIn(options.bots, 'bots', 0, maxPlayers - 1, 0),
    turnSeconds: parseIntegerIn(options.turnSeconds, 'turnSeconds', 5, 3600, 30),
    seatToken,
  };
}
