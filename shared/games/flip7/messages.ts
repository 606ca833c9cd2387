/** The `flip7` room's client messages and their payloads (the wire contract in README). */
import * as v from 'valibot';
import { emptyPayload, stringField } from '../../core/payload';

export const flip7Messages = {
  start: emptyPayload,
  hit: emptyPayload,
  stay: emptyPayload,
  target: v.strictObject({ sessionId: stringField('sessionId') }),
};
