/**
 * Connect Four on a Pixi.js canvas: the blue grid with its discs, the last disc marked, the
 * winning four ringed, and — on your turn — your disc over the column the pointer or the
 * keyboard is on (left and right arrows pick a column, Enter or Space drops: grid-keys.ts).
 */
import { Graphics } from 'pixi.js';
import { COLUMNS, ROWS, columnOf, rowOf } from '../../../../shared/games/connect-four/board';
import { CellGrid } from '../../cell-grid';
import { PictureScene } from '../../fitted-scene';
import { gridKeys } from '../../grid-keys';

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

export class ConnectFourRenderer extends PictureScene<ConnectFourPicture> {
  protected readonly canvasId = 'c4-canvas';
  protected picture: ConnectFourPicture = { cells: [], lastCell: -1, winLine: [], dropping: 0 };
  private readonly g = new Graphics();
  private readonly grid = new CellGrid(COLUMNS, ROWS);
  /** The column under the pointer or the keyboard's cursor. */
  private column: number | null = null;
  onDrop: (column: number) => void = () => undefined;

  protected build(container: HTMLElement): void {
    this.app.stage.addChild(this.g);
    const drop = (column: number | null) => column !== null && this.picture.dropping && this.onDrop(column);
    this.app.stage.on('pointermove', (e) => this.pointAt(this.grid.columnAt(e.global.x)));
    this.app.stage.on('pointerleave', () => this.pointAt(null));
    this.app.stage.on('pointertap', (e) => drop(this.grid.columnAt(e.global.x)));
    gridKeys(container, { columns: COLUMNS, rows: 1, start: () => 3, cursor: () => this.column, moveTo: (column) => this.pointAt(column), play: drop }, this.untilDestroyed);
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
    const { size, x: ox, y: oy } = this.grid.fit(width, height, Math.floor(Math.min(width / (COLUMNS + 0.3), height / (ROWS + 1.3))), 1);
    const { cells, lastCell, winLine, dropping } = this.picture;
    const g = this.g.clear();
    g.roundRect(ox, oy, size * COLUMNS, size * ROWS, size * 0.2).fill(BOARD);
    cells.forEach((disc, cell) => {
      const [x, y] = this.grid.centre(columnOf(cell), ROWS - 1 - rowOf(cell));
      g.circle(x, y, size * 0.4).fill(DISCS[disc] ?? HOLE);
      if (winLine.includes(cell)) g.circle(x, y, size * 0.4).stroke({ width: size * 0.09, color: WIN });
      else if (cell === lastCell) g.circle(x, y, size * 0.12).fill({ color: 0xffffff, alpha: 0.7 });
    });
    if (dropping && this.column !== null) g.circle(...this.grid.centre(this.column, -1), size * 0.4).fill({ color: DISCS[dropping], alpha: 0.6 });
    // Published for tests and tools: where the columns are.
    Object.assign(this.app.canvas.dataset, { originX: String(ox), cell: String(size), discs: String(cells.filter(Boolean).length), column: String(this.column ?? '') });
    this.requestRender();
  }
}
