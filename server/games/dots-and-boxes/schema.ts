/** The synced state of a `dots_and_boxes` room: shared/games/dots-and-boxes/synced.ts declares it for both ends. */
import { schema, t, type SchemaType } from '@colyseus/schema';
import { turnFields } from '../turn-kit';

export const DotsAndBoxesRoomState = schema(
  { ...turnFields(), lines: t.array('uint8'), boxes: t.array('uint8'), scores: t.array('uint8'), lastLine: t.int8() },
  'DotsAndBoxesRoomState',
);
export type DotsAndBoxesRoomState = SchemaType<typeof DotsAndBoxesRoomState>;
