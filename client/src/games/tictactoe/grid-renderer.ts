/**
 * Tic Tac Toe on a Pixi.js canvas: the 3x3 grid with X and O, the keypad key (7 8 9 on top)
 * faintly in each empty cell, the AI's last move ringed, the winning line, and a keyboard
 * cursor (arrows move it, Enter or Space plays there: grid-keys.ts) while the grid has the focus.
 */
import { Container, Graphics, Text } from 'pixi.js';
import { indexToKeypad, LINES } from '../../../../shared/games/tictactoe/engine';
import { CellGrid } from '../../cell-grid';
import { PictureScene } from '../../fitted-scene';
import { gridKeys } from '../../grid-keys';

export interface GridPicture {
  board: string[];
  clickable: boolean;
  aiLastKey: number;
}

export class GridRenderer extends PictureScene<GridPicture> {
  protected readonly canvasId = 'ttt-canvas';
  protected picture: GridPicture = { board: [], clickable: false, aiLastKey: 0 };
  private readonly g = new Graphics();
  private readonly labels = new Container();
  private readonly grid = new CellGrid(3, 3);
  /** The keyboard cursor (a cell index, row 0 on top), shown while the grid has the focus. */
  private cursor = 4;
  private focused = false;
  onCellClick: (key: number) => void = () => undefined;
  /** The cursor moved to cell `index` (for the live region). */
  onCursor: (index: number) => void = () => undefined;

  protected build(container: HTMLElement): void {
    this.app.stage.addChild(this.g, this.labels);
    const play = (cell: number | null) => {
      if (cell !== null && this.picture.clickable && this.picture.board[cell] === 'E') this.onCellClick(indexToKeypad(cell));
    };
    this.app.stage.on('pointertap', (e) => play(this.grid.cellAt(e.global.x, e.global.y)));
    const focus = (on: boolean) => () => {
      this.focused = on;
      this.layout();
    };
    container.addEventListener('focus', focus(true), this.untilDestroyed);
    container.addEventListener('blur', focus(false), this.untilDestroyed);
    gridKeys(container, { columns: 3, rows: 3, start: () => 4, cursor: () => this.cursor, play, moveTo: (cell) => {
      this.cursor = cell;
      // Published for tests and tools: the cursor's cell index.
      this.app.canvas.dataset.cursor = String(cell);
      this.onCursor(cell);
      this.layout();
    } }, this.untilDestroyed);
  }

  protected layout(): void {
    const { width, height } = this.app.screen;
    this.app.stage.hitArea = this.app.screen;
    const { size: c, x: ox, y: oy } = this.grid.fit(width, height, Math.floor(Math.min(width, height) * 0.28));
    // Published for tests and tools: where the grid is, in CSS pixels.
    Object.assign(this.app.canvas.dataset, { originX: ox, originY: oy, cell: c });
    const g = this.g.clear();
    this.labels.removeChildren().forEach((child) => child.destroy());
    g.roundRect(ox - 12, oy - 12, 3 * c + 24, 3 * c + 24, 14).fill(0xfffdf8);
    for (let i = 1; i < 3; i++) {
      g.moveTo(ox + i * c, oy + 8).lineTo(ox + i * c, oy + 3 * c - 8);
      g.moveTo(ox + 8, oy + i * c).lineTo(ox + 3 * c - 8, oy + i * c);
    }
    g.stroke({ width: 6, color: 0x3b2a14, cap: 'round' });
    this.picture.board.forEach((mark, i) => {
      const [x, y] = this.grid.centre(i % 3, Math.floor(i / 3));
      const r = c * 0.3;
      if (mark === 'X') g.moveTo(x - r, y - r).lineTo(x + r, y + r).moveTo(x + r, y - r).lineTo(x - r, y + r).stroke({ width: 10, color: 0xb5541c, cap: 'round' });
      else if (mark === 'O') g.circle(x, y, r).stroke({ width: 10, color: 0x2f5d8a });
      else {
        const t = new Text({ text: String(indexToKeypad(i)), style: { fontFamily: 'system-ui, sans-serif', fontSize: c * 0.22, fill: 0xcabfae }, resolution: this.app.renderer.resolution });
        t.anchor.set(0.5);
        t.position.set(x, y);
        this.labels.addChild(t);
      }
      if (this.picture.aiLastKey && indexToKeypad(i) === this.picture.aiLastKey) g.circle(x, y, c * 0.44).stroke({ width: 3, color: 0xe3a21a, alpha: 0.9 });
    });
    if (this.focused && this.picture.clickable) {
      const cx = ox + (this.cursor % 3) * c;
      const cy = oy + Math.floor(this.cursor / 3) * c;
      g.roundRect(cx + 6, cy + 6, c - 12, c - 12, 10).stroke({ width: 4, color: 0x1450a0 });
    }
    const line = LINES.find(([a, b, d]) => this.picture.board[a] !== 'E' && this.picture.board[a] && this.picture.board[a] === this.picture.board[b] && this.picture.board[a] === this.picture.board[d]);
    if (line) {
      const at = (i: number) => this.grid.centre(i % 3, Math.floor(i / 3));
      g.moveTo(...at(line[0])).lineTo(...at(line[2])).stroke({ width: 12, color: 0x2f9e44, alpha: 0.8, cap: 'round' });
    }
    this.requestRender();
  }
}
