/**
 * The threats standing on a board, as the points that carry them: where a colour would make
 * five (it has a four there) and where it would make an open four or a double four (it has an
 * open three). Drawn at the selected move of an analysis for both sides.
 */
import { CELLS, type Stone } from '../board';
import { C_FIVE, C_WIN4 } from '../ai/threats';
import type { Position } from '../ai/position';

export interface ThreatPoints {
  /** Empty cells where this colour makes five. */
  five: number[];
  /** Empty cells where this colour makes an open four or two fours. */
  openFour: number[];
}

export function threatPoints(pos: Position, colour: Stone): ThreatPoints {
  const points: ThreatPoints = { five: [], openFour: [] };
  for (let c = 0; c < CELLS; c++) {
    if (pos.cells[c] !== 0) continue;
    const threat = pos.threatOf(colour, c);
    if (threat === C_FIVE) points.five.push(c);
    else if (threat === C_WIN4) points.openFour.push(c);
  }
  return points;
}
