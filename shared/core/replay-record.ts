/**
 * A finished turn game's record as it is kept (server/history/) and replayed (client/src/replay/),
 * one declaration for both ends: the config the game was played by, and each step with the seat
 * that took it. A step's seat is recorded, never worked out from its index: in a game where a
 * player may move again (Dots and Boxes), step k is not seat k % 2's.
 */
import * as v from 'valibot';

export function stepRecord<C extends v.GenericSchema, S extends v.GenericSchema>(config: C, step: S) {
  return v.object({ config, steps: v.array(v.object({ seat: v.pipe(v.number(), v.integer(), v.minValue(0)), step })) });
}

/** The record read against its declaration: null when it is not one (an older or foreign record). */
export function readRecord<R extends v.GenericSchema>(schema: R, record: unknown): v.InferOutput<R> | null {
  const parsed = v.safeParse(schema, record);
  return parsed.success ? parsed.output : null;
}
