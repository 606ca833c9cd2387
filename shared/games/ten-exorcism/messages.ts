/** The `ten_exorcism` room's client messages and their payloads (the wire contract in README). */
import * as v from 'valibot';
import { emptyPayload, integerField } from '../../core/payload';

export const tenExorcismMessages = {
  select: v.strictObject({
    startRow: integerField('startRow'),
    startCol: integerField('startCol'),
    endRow: integerField('endRow'),
    endCol: integerField('endCol'),
  }),
  export: emptyPayload,
};
