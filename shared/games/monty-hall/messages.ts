/** The `monty_hall` room's client messages and their payloads (the wire contract in README). */
import * as v from 'valibot';
import { emptyPayload, integerField, stringField } from '../../core/payload';

export const montyHallMessages = {
  // Any integer / string: the rules answer with their own codes for doors and strategies that do not exist.
  select: v.strictObject({ door: integerField('door') }),
  decide: v.strictObject({ strategy: stringField('strategy', 16) }),
  new_game: emptyPayload,
};
