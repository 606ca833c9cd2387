/**
 * Tic Tac Toe on a Pixi.js canvas: the 3x3 grid with X and O, the keypad key (7 8 9 on top)
 * faintly in each empty cell, the AI's last move ringed, the winning line, and a keyboard
 * cursor (arrows move it, Enter or Space plays there) while the grid has the focus.
 */
import { Container, Graphics, Text } from 'pixi.js';
import { indexToKeypad, LINES } from '../../../../shared/games/tictactoe/engine';
import { FittedScene } from '../../fitted-scene';

export interface GridPicture {
  board: string[];
  clickable: boolean;
  aiLastKey: number;
}

export class GridRenderer extends FittedScene {
  protected readonly canvasId = 'ttt-canvas';
  private readonly g = new Graphics();
  private readonly labels = new Container();
  private picture: GridPicture = { board: [], clickable: false, aiLastKey: 0 };
  private cell = 0;
  private ox = 0;
  private oy = 0;
  /** The keyboard cursor (a cell index, row 0 on top), shown while the grid has the focus. */
  private cursor = 4;
  private focused = false;
  onCellClick: (key: number) => void = () => undefined;
  /** The cursor moved to cell `index` (for the live region). */
  onCursor: (index: number) => void = () => undefined;

  protected build(container: HTMLElement): void {
    this.app.stage.addChild(this.g, this.labels);
    this.app.stage.on('pointertap', (e) => {
      const cx = Math.floor((e.global.x - this.ox) / this.cell);
      const cy = Math.floor((e.global.y - this.oy) / this.cell);
      if (!this.picture.clickable || cx < 0 || cy < 0 || cx > 2 || cy > 2) return;
      if (this.picture.board[cy * 3 + cx] === 'E') this.onCellClick(indexToKeypad(cy * 3 + cx));
    });
    this.listenToKeys(container);
  }

  private listenToKeys(container: HTMLElement): void {
    const steps: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const focus = (on: boolean) => () => {
      this.focused = on;
      this.layout();
    };
    container.addEventListener('focus', focus(true));
    container.addEventListener('blur', focus(false));
    container.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const step = steps[e.key];
      if (step) {
        const x = Math.min(2, Math.max(0, (this.cursor % 3) + step[0]));
        const y = Math.min(2, Math.max(0, Math.floor(this.cursor / 3) + step[1]));
        this.cursor = y * 3 + x;
        // Published for tests and tools: the cursor's cell index.
        this.app.canvas.dataset.cursor = String(this.cursor);
        this.onCursor(this.cursor);
        this.layout();
      } else if (e.key === 'Enter' || e.key === ' ') {
        if (this.picture.clickable && this.picture.board[this.cursor] === 'E') this.onCellClick(indexToKeypad(this.cursor));
      } else return;
      e.preventDefault();
    });
  }

  draw(picture: GridPicture): void {
    this.picture = picture;
    this.layout();
  }

  protected layout(): void {
    const { width, height } = this.app.screen;
    this.app.stage.hitArea = this.app.screen;
    this.cell = Math.floor(Math.min(width, height) * 0.28);
    this.ox = Math.round((width - 3 * this.cell) / 2);
    this.oy = Math.round((height - 3 * this.cell) / 2);
    // Published for tests and tools: where the grid is, in CSS pixels.
    Object.assign(this.app.canvas.dataset, { originX: this.ox, originY: this.oy, cell: this.cell });
    const g = this.g.clear();
    this.labels.removeChildren().forEach((c) => c.destroy());
    const c = this.cell;
    g.roundRect(this.ox - 12, this.oy - 12, 3 * c + 24, 3 * c + 24, 14).fill(0xfffdf8);
    for (let i = 1; i < 3; i++) {
      g.moveTo(this.ox + i * c, this.oy + 8).lineTo(this.ox + i * c, this.oy + 3 * c - 8);
      g.moveTo(this.ox + 8, this.oy + i * c).lineTo(this.ox + 3 * c - 8, this.oy + i * c);
    }
    g.stroke({ width: 6, color: 0x3b2a14, cap: 'round' });
    this.picture.board.forEach((mark, i) => {
      const x = this.ox + (i % 3) * c + c / 2;
      const y = this.oy + Math.floor(i / 3) * c + c / 2;
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
      const cx = this.ox + (this.cursor % 3) * c;
      const cy = this.oy + Math.floor(this.cursor / 3) * c;
      g.roundRect(cx + 6, cy + 6, c - 12, c - 12, 10).stroke({ width: 4, color: 0x1450a0 });
    }
    const line = LINES.find(([a, b, d]) => this.picture.board[a] !== 'E' && this.picture.board[a] && this.picture.board[a] === this.picture.board[b] && this.picture.board[a] === this.picture.board[d]);
    if (line) {
      const at = (i: number) => [this.ox + (i % 3) * c + c / 2, this.oy + Math.floor(i / 3) * c + c / 2] as const;
      g.moveTo(...at(line[0])).lineTo(...at(line[2])).stroke({ width: 12, color: 0x2f9e44, alpha: 0.8, cap: 'round' });
    }
    this.requestRender();
  }
}
