/** The `flip7` room's client messages and their payloads (the wire contract in README). */
import * as v from 'valibot';
import { emptyPayload, integerField, stringField } from '../../core/payload';

export const flip7Messages = {
  start: emptyPayload,
  hit: emptyPayload,
  stay: emptyPayload,
  target: v.strictObject({ sessionId: stringField('sessionId') }),
};

/**
 * Questions a client may ask the `flip7` room, answered to it alone: `log {from}` — the game's
 * log from entry `from` on (the synced state holds only its last entries), for a spectator
 * stepping back through the game.
 */
export const flip7Queries = {
  log: v.strictObject({ from: v.pipe(integerField('from'), v.minValue(0, 'from must be 0 or more')) }),
};
