/** The `tictactoe` room's client messages and their payloads (the wire contract in README). */
import * as v from 'valibot';
import { emptyPayload, integerField } from '../../core/payload';

export const tictactoeMessages = {
  // Any integer: the rules answer `invalid_key` outside 1-9.
  move: v.strictObject({ key: integerField('key') }),
  new_game: emptyPayload,
};
