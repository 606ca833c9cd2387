/**
 * Connect Four on a Pixi.js canvas: the blue grid with its discs, the last disc marked, the
 * winning four ringed, and — on your turn — your disc over the column the pointer or the
 * keyboard is on (left and right arrows pick a column, Enter or Space drops).
 */
import { Graphics } from 'pixi.js';
import { COLUMNS, ROWS, columnOf, rowOf } from '../../../../shared/games/connect-four/board';
import { FittedScene } from '../../fitted-scene';

export interface ConnectFourPicture {
  cells: number[];
  lastCell: number;
  winLine: number[];
  /** Your disc (1 or 2) when it is your turn to drop; 0 otherwise. */
  dropping: number;
}

const BOARD = 0x2b5d9b;
const HOLE = 0xf4efe6;
const DISCS = [HOLE, 0xc8372d, 0xe8b923];
const WIN = 0x1d6b30;

export class ConnectFourRenderer extends FittedScene {
  protected readonly canvasId = 'c4-canvas';
  private readonly g = new Graphics();
  private picture: ConnectFourPicture = { cells: [], lastCell: -1, winLine: [], dropping: 0 };
  private size = 0;
  private ox = 0;
  private oy = 0;
  /** The column under the pointer or the keyboard's cursor. */
  private column: number | null = null;
  onDrop: (column: number) => void = () => undefined;

  protected build(container: HTMLElement): void {
    this.app.stage.addChild(this.g);
    const columnAt = (x: number) => {
      const column = Math.floor((x - this.ox) / this.size);
      return column >= 0 && column < COLUMNS ? column : null;
    };
    this.app.stage.on('pointermove', (e) => this.pointAt(columnAt(e.global.x)));
    this.app.stage.on('pointerleave', () => this.pointAt(null));
    this.app.stage.on('pointertap', (e) => {
      const column = columnAt(e.global.x);
      if (column !== null && this.picture.dropping) this.onDrop(column);
    });
    container.addEventListener('keydown', (e) => {
      const step = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
      if (step) this.pointAt(Math.min(COLUMNS - 1, Math.max(0, (this.column ?? 3) + step)));
      else if ((e.key === 'Enter' || e.key === ' ') && this.column !== null && this.picture.dropping) this.onDrop(this.column);
      else return;
      e.preventDefault();
    });
  }

  draw(picture: ConnectFourPicture): void {
    this.picture = picture;
    this.layout();
  }

  private pointAt(column: number | null): void {
    if (column === this.column) return;
    this.column = column;
    this.layout();
  }

  protected layout(): void {
    const { width, height } = this.app.screen;
    this.app.stage.hitArea = this.app.screen;
    // A row's height above the grid for the disc about to drop.
    const size = (this.size = Math.floor(Math.min(width / (COLUMNS + 0.3), height / (ROWS + 1.3))));
    this.ox = Math.floor((width - size * COLUMNS) / 2);
    this.oy = Math.floor((height - size * (ROWS + 1)) / 2) + size;
    const centre = (cell: number) => [this.ox + (columnOf(cell) + 0.5) * size, this.oy + (ROWS - rowOf(cell) - 0.5) * size] as const;
    const { cells, lastCell, winLine, dropping } = this.picture;
    const g = this.g.clear();
    g.roundRect(this.ox, this.oy, size * COLUMNS, size * ROWS, size * 0.2).fill(BOARD);
    cells.forEach((disc, cell) => {
      const [x, y] = centre(cell);
      g.circle(x, y, size * 0.4).fill(DISCS[disc] ?? HOLE);
      if (winLine.includes(cell)) g.circle(x, y, size * 0.4).stroke({ width: size * 0.09, color: WIN });
      else if (cell === lastCell) g.circle(x, y, size * 0.12).fill({ color: 0xffffff, alpha: 0.7 });
    });
    if (dropping && this.column !== null) g.circle(this.ox + (this.column + 0.5) * size, this.oy - size / 2, size * 0.4).fill({ color: DISCS[dropping], alpha: 0.6 });
    // Published for tests and tools: where the columns are.
    Object.assign(this.app.canvas.dataset, { originX: String(this.ox), cell: String(size), discs: String(cells.filter(Boolean).length), column: String(this.column ?? '') });
    this.requestRender();
  }
}
