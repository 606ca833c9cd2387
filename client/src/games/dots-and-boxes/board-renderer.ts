/**
 * Dots and Boxes on a Pixi.js canvas: the 6 × 6 dots, each drawn line in its player's colour
 * (the last one thicker), each closed box filled in its closer's colour, and — on your turn —
 * the line under the pointer or the keyboard's cursor shown in yours. A tap or click anywhere
 * picks the line nearest to it (the area of each line reaches half a box either side: a finger
 * needs no aim). The keyboard walks the lines as rows: the five across, then the six down, in
 * turn (arrows move, Enter or Space draws: grid-keys.ts).
 */
import { Graphics } from 'pixi.js';
import { BOXES_ACROSS, BOXES_DOWN, DOTS_ACROSS, DOTS_DOWN, horizontalLine, isHorizontal, lineEnds, verticalLine } from '../../../../shared/games/dots-and-boxes/board';
import { PictureScene } from '../../fitted-scene';
import { gridKeys } from '../../grid-keys';

export interface DotsAndBoxesPicture {
  lines: number[];
  boxes: number[];
  lastLine: number;
  /** Your seat (1 or 2) when it is your turn to draw; 0 otherwise. */
  drawing: number;
}

const DOT = 0x3b3226;
const UNDRAWN = 0xe4dccd;
export const SEAT_COLOURS = [UNDRAWN, 0xc8372d, 0x2b5d9b];
/** The keyboard's rows: an even row is a row of lines across (5, the sixth key stays on the fifth), an odd one of lines down (6). */
const KEY_COLUMNS = DOTS_ACROSS;
const KEY_ROWS = DOTS_DOWN + BOXES_DOWN;

const lineOfKey = (key: number): number => {
  const row = Math.floor(key / KEY_COLUMNS);
  const column = key % KEY_COLUMNS;
  return row % 2 === 0 ? horizontalLine(row / 2, Math.min(column, BOXES_ACROSS - 1)) : verticalLine((row - 1) / 2, column);
};
const keyOfLine = (line: number): number => {
  const [[column, row]] = lineEnds(line);
  return (isHorizontal(line) ? row * 2 : row * 2 + 1) * KEY_COLUMNS + column;
};

export class DotsAndBoxesRenderer extends PictureScene<DotsAndBoxesPicture> {
  protected readonly canvasId = 'dab-canvas';
  protected picture: DotsAndBoxesPicture = { lines: [], boxes: [], lastLine: -1, drawing: 0 };
  private readonly g = new Graphics();
  private size = 0;
  private ox = 0;
  private oy = 0;
  /** The line under the pointer or the keyboard's cursor. */
  private line: number | null = null;
  onDraw: (line: number) => void = () => undefined;

  protected build(container: HTMLElement): void {
    this.app.stage.addChild(this.g);
    const draw = (line: number | null) => line !== null && this.picture.drawing && this.picture.lines[line] === 0 && this.onDraw(line);
    this.app.stage.on('pointermove', (e) => this.pointAt(this.lineAt(e.global.x, e.global.y)));
    this.app.stage.on('pointerleave', () => this.pointAt(null));
    this.app.stage.on('pointertap', (e) => draw(this.lineAt(e.global.x, e.global.y)));
    gridKeys(container, {
      columns: KEY_COLUMNS, rows: KEY_ROWS, start: () => 0,
      cursor: () => (this.line === null ? null : keyOfLine(this.line)),
      moveTo: (key) => this.pointAt(lineOfKey(key)),
      play: (key) => draw(lineOfKey(key)),
    }, this.untilDestroyed);
  }

  /** The line nearest to a point on the grid (within half a box of it), or null off the grid. */
  lineAt(x: number, y: number): number | null {
    const u = (x - this.ox) / this.size;
    const w = (y - this.oy) / this.size;
    if (u < -0.5 || w < -0.5 || u > BOXES_ACROSS + 0.5 || w > BOXES_DOWN + 0.5) return null;
    const across = { row: Math.round(w), column: Math.min(BOXES_ACROSS - 1, Math.max(0, Math.floor(u))) };
    const down = { row: Math.min(BOXES_DOWN - 1, Math.max(0, Math.floor(w))), column: Math.round(u) };
    const acrossFar = Math.abs(w - across.row) + Math.max(0, -u, u - BOXES_ACROSS);
    const downFar = Math.abs(u - down.column) + Math.max(0, -w, w - BOXES_DOWN);
    return acrossFar <= downFar ? horizontalLine(across.row, across.column) : verticalLine(down.row, down.column);
  }

  private pointAt(line: number | null): void {
    if (line === this.line) return;
    this.line = line;
    this.layout();
  }

  protected layout(): void {
    const { width, height } = this.app.screen;
    this.app.stage.hitArea = this.app.screen;
    this.size = Math.floor(Math.min(width / (BOXES_ACROSS + 1), height / (BOXES_DOWN + 1)));
    this.ox = Math.floor((width - this.size * BOXES_ACROSS) / 2);
    this.oy = Math.floor((height - this.size * BOXES_DOWN) / 2);
    const { size, ox, oy } = this;
    const { lines, boxes, lastLine, drawing } = this.picture;
    const at = ([column, row]: [number, number]): [number, number] => [ox + column * size, oy + row * size];
    const g = this.g.clear();
    boxes.forEach((owner, box) => {
      if (owner) g.rect(ox + (box % BOXES_ACROSS) * size, oy + Math.floor(box / BOXES_ACROSS) * size, size, size).fill({ color: SEAT_COLOURS[owner], alpha: 0.35 });
    });
    const stroke = (line: number, color: number, width: number, alpha = 1) => {
      const [from, to] = lineEnds(line);
      g.moveTo(...at(from)).lineTo(...at(to)).stroke({ width, color, alpha, cap: 'round' });
    };
    lines.forEach((by, line) => stroke(line, SEAT_COLOURS[by] ?? UNDRAWN, size * (line === lastLine ? 0.12 : by ? 0.08 : 0.04)));
    if (drawing && this.line !== null && lines[this.line] === 0) stroke(this.line, SEAT_COLOURS[drawing], size * 0.08, 0.5);
    for (let row = 0; row < DOTS_DOWN; row++) for (let column = 0; column < DOTS_ACROSS; column++) g.circle(...at([column, row]), size * 0.09).fill(DOT);
    // Published for tests and tools: where the grid is, and what is drawn.
    Object.assign(this.app.canvas.dataset, { originX: String(ox), originY: String(oy), box: String(size), drawn: String(lines.filter(Boolean).length), line: String(this.line ?? '') });
    this.requestRender();
  }
}
