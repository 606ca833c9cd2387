/** A finished Dots and Boxes game as kept for its replay: the config, and each line with who drew it. */
import * as v from 'valibot';
import { stepRecord } from '../../core/replay-record';
import { LINES } from './board';

export const dotsAndBoxesRecord = stepRecord(
  v.object({ turnSeconds: v.number() }),
  v.object({ line: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(LINES - 1)) }),
);
export type DotsAndBoxesRecord = v.InferOutput<typeof dotsAndBoxesRecord>;
