/**
 * The Gomoku board on a Pixi.js canvas: grid with star points, stones, numbers on the
 * five opening stones, a marker on the last stone, the winning line and a hover ghost.
 * It fits its container and renders at the device pixel ratio, so it stays sharp.
 */
import { renderOnDemand } from '../../render-on-demand';
import { containerSize, fitToContainer } from '../../fit-canvas';
import { Application, Container, Graphics, Text } from 'pixi.js';
import { BLACK, SIZE } from '../../../../shared/games/gomoku/board';

export interface BoardPicture {
  board: ArrayLike<number>;
  moves: ArrayLike<number>;
  winLine: ArrayLike<number>;
  /** Number the first five stones: the Swap 2 opening. */
  numberOpening: boolean;
}

const WOOD = 0xdcb36c;
const LINE = 0x3b2a14;
const STAR_POINTS = [3, 7, 11];

export class BoardRenderer {
  private readonly app = new Application();
  private readonly grid = new Graphics();
  private readonly stones = new Graphics();
  private readonly numbers = new Container();
  private readonly overlay = new Graphics();
  private readonly ghost = new Graphics();
  private picture: BoardPicture = { board: [], moves: [], winLine: [], numberOpening: false };
  private cell = 0;
  private originX = 0;
  private originY = 0;
  private hover: number | null = null;
  /** On a touch screen, the cell a first tap previewed: a second tap on it places the stone. */
  private preview: number | null = null;
  private readonly requestRender = renderOnDemand(this.app);
  private unfit: () => void = () => undefined;

  /** Which colour a click would place at a cell now, or null when clicking is not allowed. */
  ghostColour: (cell: number) => number | null = () => null;
  onCellClick: (x: number, y: number) => void = () => undefined;

  async mount(container: HTMLElement): Promise<void> {
    await this.app.init({
      ...containerSize(container),
      antialias: true,
      autoDensity: true,
      resolution: Math.max(1, window.devicePixelRatio || 1),
      backgroundAlpha: 0,
      // A board changes only on a move or a hover: draw on demand instead of 60 times a
      // second (a continuous ticker starved the CPU with several tables open).
      autoStart: false,
    });
    this.app.ticker.stop();
    this.app.canvas.id = 'board-canvas';
    container.append(this.app.canvas);
    this.app.stage.addChild(this.grid, this.stones, this.numbers, this.overlay, this.ghost);
    this.app.stage.eventMode = 'static';
    // A mouse hovers a ghost stone and clicks to place. A finger has no hover and covers the
    // point it aims at (intersections are ~25 px apart on a phone): a tap previews the stone,
    // a second tap on the same point places it, a tap elsewhere moves the preview.
    this.app.stage.on('pointermove', (e) => e.pointerType === 'mouse' && this.setHover(this.cellAt(e.global.x, e.global.y)));
    this.app.stage.on('pointerleave', () => this.setHover(null));
    this.app.stage.on('pointertap', (e) => {
      const cell = this.cellAt(e.global.x, e.global.y);
      if (cell === null || this.ghostColour(cell) === null) return this.setPreview(null);
      if (e.pointerType !== 'mouse' && this.preview !== cell) return this.setPreview(cell);
      this.setPreview(null);
      this.onCellClick(cell % SIZE, Math.floor(cell / SIZE));
    });
    this.app.renderer.on('resize', () => this.layout());
    this.unfit = fitToContainer(this.app, container);
    this.layout();
  }


  destroy(): void {
    this.unfit();
    this.app.destroy(true, { children: true });
  }

  draw(picture: BoardPicture): void {
    // A move was made (by anyone): a preview from before it no longer applies.
    if (picture.moves.length !== this.picture.moves.length) this.setPreview(null);
    this.picture = picture;
    this.drawStones();
    this.drawGhost();
    this.requestRender();
  }

  private layout(): void {
    const { width, height } = this.app.screen;
    this.app.stage.hitArea = this.app.screen;
    this.cell = Math.floor(Math.min(width, height) / (SIZE + 0.6));
    this.originX = Math.round((width - this.cell * (SIZE - 1)) / 2);
    this.originY = Math.round((height - this.cell * (SIZE - 1)) / 2);
    // Published for tests and tools: where cell (0,0) is and how far apart cells are, in CSS pixels.
    Object.assign(this.app.canvas.dataset, { originX: this.originX, originY: this.originY, cell: this.cell });
    this.drawGrid();
    this.drawStones();
    this.drawGhost();
    this.requestRender();
  }

  private px(i: number): number {
    return this.originX + i * this.cell;
  }

  private py(i: number): number {
    return this.originY + i * this.cell;
  }

  private cellAt(x: number, y: number): number | null {
    const cx = Math.round((x - this.originX) / this.cell);
    const cy = Math.round((y - this.originY) / this.cell);
    return cx >= 0 && cy >= 0 && cx < SIZE && cy < SIZE ? cy * SIZE + cx : null;
  }

  private setHover(cell: number | null): void {
    if (cell === this.hover) return;
    this.hover = cell;
    this.drawGhost();
    this.requestRender();
  }

  private setPreview(cell: number | null): void {
    if (cell === this.preview) return;
    this.preview = cell;
    // Published for tests and tools: the previewed cell, or -1.
    this.app.canvas.dataset.preview = String(cell ?? -1);
    this.drawGhost();
    this.requestRender();
  }

  private drawGrid(): void {
    const g = this.grid.clear();
    const pad = this.cell * 0.6;
    const span = this.cell * (SIZE - 1);
    g.roundRect(this.originX - pad, this.originY - pad, span + 2 * pad, span + 2 * pad, 6).fill(WOOD);
    for (let i = 0; i < SIZE; i++) {
      g.moveTo(this.px(i), this.py(0)).lineTo(this.px(i), this.py(SIZE - 1));
      g.moveTo(this.px(0), this.py(i)).lineTo(this.px(SIZE - 1), this.py(i));
    }
    g.stroke({ width: 1, color: LINE });
    for (const sx of STAR_POINTS) for (const sy of STAR_POINTS) g.circle(this.px(sx), this.py(sy), Math.max(2, this.cell * 0.09)).fill(LINE);
  }

  private drawStones(): void {
    const g = this.stones.clear();
    this.numbers.removeChildren().forEach((child) => child.destroy());
    const r = this.cell * 0.44;
    const { board, moves, winLine, numberOpening } = this.picture;
    for (let i = 0; i < board.length; i++) {
      if (!board[i]) continue;
      const x = this.px(i % SIZE);
      const y = this.py(Math.floor(i / SIZE));
      if (board[i] === BLACK) g.circle(x, y, r).fill(0x1b1b1b).stroke({ width: 1, color: 0x000000 });
      else g.circle(x, y, r).fill(0xf7f7f2).stroke({ width: 1, color: 0x6b6b6b });
    }
    // The opening stones carry their placement order (1-5), as Swap 2 decisions depend on it.
    for (let n = 0; n < (numberOpening ? Math.min(5, moves.length) : 0); n++) {
      const cell = moves[n];
      const label = new Text({
        text: String(n + 1),
        style: { fontFamily: 'system-ui, sans-serif', fontSize: Math.max(9, this.cell * 0.4), fontWeight: '700', fill: board[cell] === BLACK ? 0xffffff : 0x111111 },
        resolution: this.app.renderer.resolution,
      });
      label.anchor.set(0.5);
      label.position.set(this.px(cell % SIZE), this.py(Math.floor(cell / SIZE)));
      this.numbers.addChild(label);
    }
    const o = this.overlay.clear();
    if (moves.length > 0) {
      const last = moves[moves.length - 1];
      o.circle(this.px(last % SIZE), this.py(Math.floor(last / SIZE)), r + 3).stroke({ width: 2.5, color: 0xe0452b });
    }
    if (winLine.length > 1) {
      const first = winLine[0];
      const end = winLine[winLine.length - 1];
      o.moveTo(this.px(first % SIZE), this.py(Math.floor(first / SIZE)))
        .lineTo(this.px(end % SIZE), this.py(Math.floor(end / SIZE)))
        .stroke({ width: Math.max(4, this.cell * 0.18), color: 0x2f9e44, alpha: 0.85, cap: 'round' });
    }
  }

  private drawGhost(): void {
    const g = this.ghost.clear();
    const preview = this.preview;
    if (preview !== null && !this.picture.board[preview]) {
      const colour = this.ghostColour(preview);
      if (colour !== null) {
        const x = this.px(preview % SIZE);
        const y = this.py(Math.floor(preview / SIZE));
        // A translucent stone with a bright ring and cross-hairs along its lines, so it shows around the finger.
        g.moveTo(this.px(0), y).lineTo(this.px(SIZE - 1), y).moveTo(x, this.py(0)).lineTo(x, this.py(SIZE - 1)).stroke({ width: 2, color: 0x1971c2, alpha: 0.5 });
        g.circle(x, y, this.cell * 0.44).fill({ color: colour === BLACK ? 0x1b1b1b : 0xffffff, alpha: 0.6 });
        g.circle(x, y, this.cell * 0.44 + 3).stroke({ width: 3, color: 0x1971c2 });
      }
    }
    if (this.hover === null || this.picture.board[this.hover]) return;
    const colour = this.ghostColour(this.hover);
    if (colour === null) return;
    g.circle(this.px(this.hover % SIZE), this.py(Math.floor(this.hover / SIZE)), this.cell * 0.44)
      .fill({ color: colour === BLACK ? 0x1b1b1b : 0xffffff, alpha: 0.45 });
  }
}
