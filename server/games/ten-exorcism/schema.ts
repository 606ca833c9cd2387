/** The synced state of a `ten_exorcism` room: the public board (170 cells, row-major, 0 empty) and the score. */
import { schema, t, type SchemaType } from '@colyseus/schema';

export const TenPlayer = schema({ name: t.string(), connected: t.boolean(), returnBy: t.float64() }, 'TenPlayer');

export const TenExorcismState = schema(
  {
    seed: t.float64(),
    board: t.array('uint8'),
    score: t.uint16(),
    isGameOver: t.boolean(),
    /** Selection attempts so far (valid or not). */
    attempts: t.uint32(),
    players: t.map(TenPlayer),
    spectators: t.uint16(),
  },
  'TenExorcismState',
);
export type TenExorcismState = SchemaType<typeof TenExorcismState>;
