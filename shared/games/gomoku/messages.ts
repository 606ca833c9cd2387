/** The `gomoku` room's client messages and their payloads (the wire contract in README). */
import * as v from 'valibot';
import { emptyPayload, integerField, stringField } from '../../core/payload';

export const gomokuMessages = {
  place: v.strictObject({ x: integerField('x'), y: integerField('y') }),
  // Any string: the rules answer `invalid_choice` for one not offered now.
  choose: v.strictObject({ choice: stringField('choice', 32) }),
  resign: emptyPayload,
  rematch: emptyPayload,
};

/** Questions a client asks the room, answered to it alone (server/games/gomoku/index.ts). */
export const gomokuQueries = {
  /** The whole move list, which the synced state does not carry (move-trail.ts). */
  moves: emptyPayload,
};
