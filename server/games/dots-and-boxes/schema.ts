/** The synced state of a `dots_and_boxes` room: shared/games/dots-and-boxes/synced.ts declares it for both ends. */
import { schema, t, type SchemaType } from '@colyseus/schema';
import type { DotsAndBoxesSynced } from '../../../shared/games/dots-and-boxes/synced';
import { turnFields, type MissingFields } from '../turn-kit';

export const DotsAndBoxesRoomState = schema(
  { ...turnFields(), lines: t.array('uint8'), boxes: t.array('uint8'), scores: t.array('uint8'), lastLine: t.int8() },
  'DotsAndBoxesRoomState',
);
export type DotsAndBoxesRoomState = SchemaType<typeof DotsAndBoxesRoomState>;

// Every field the clients are told of (the shared declaration) is in the schema: one missing fails the typecheck.
export const everySyncedField: Record<MissingFields<DotsAndBoxesSynced, DotsAndBoxesRoomState>, never> = {};
