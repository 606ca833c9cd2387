/** The `dots_and_boxes` room's synced state, declared once for the server's schema and the client's view. */
import type { TurnTableSynced } from '../../core/turn-table';

export interface DotsAndBoxesSynced extends TurnTableSynced {
  /** 60 lines (board.ts numbers them): 0 undrawn, else the drawing seat plus one. */
  lines: number[];
  /** 25 boxes, row by row from the top left: 0 open, else the closing seat plus one. */
  boxes: number[];
  /** Boxes closed by the first seat and by the second. */
  scores: number[];
  /** The last line drawn; -1 before the first. */
  lastLine: number;
}
