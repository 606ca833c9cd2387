/**
 * The Gomoku board on a Pixi.js canvas: grid with star points and coordinates (a–o along the
 * bottom, 1–15 up the side, standard notation), stones numbered in placement order as the move
 * list numbers them, a marker on the last stone, the winning five, a hover ghost, a tap preview
 * and a keyboard cursor. It fits its container and renders at the device pixel ratio.
 */
import { FittedScene } from '../../fitted-scene';
import { gridKeys } from '../../grid-keys';
import { Container, Graphics, Text } from 'pixi.js';
import { BLACK, SIZE } from '../../../../shared/games/gomoku/board';
import { columnName, rowName } from '../../../../shared/games/gomoku/notation';

export interface BoardPicture {
  board: ArrayLike<number>;
  /** The stones on the board in placement order (a review shows a prefix of the game's). */
  moves: ArrayLike<number>;
  winLine: ArrayLike<number>;
  /** An analysis's expected line: translucent numbered stones (1 = the best move). */
  ghosts?: readonly { cell: number; colour: number }[];
  /** Points carrying a threat: where a colour makes five, or an open four. */
  threats?: readonly { cell: number; colour: number; kind: 'five' | 'open_four' }[];
}

const WOOD = 0xdcb36c;
const LINE = 0x3b2a14; // on WOOD: contrast 7.9:1
const MARK = 0xc92a2a; // last stone: 3.4:1 on WOOD, visible on both stone colours
const WIN = 0x1b7a34;
const CURSOR = 0x1450a0; // keyboard cursor and tap preview: 4.6:1 on WOOD
const STAR_POINTS = [3, 7, 11];
/** The wood's margin beyond the outer lines, and the strip for the coordinates, in cells. */
const PAD = 0.6;
const LABELS = 0.7;

export class BoardRenderer extends FittedScene {
  protected readonly canvasId = 'board-canvas';
  private readonly grid = new Graphics();
  private readonly coordinates = new Container();
  private readonly winLine = new Graphics();
  private readonly stones = new Graphics();
  private readonly numbers = new Container();
  private readonly overlay = new Graphics();
  private readonly ghost = new Graphics();
  private readonly analysis = new Graphics();
  private readonly analysisNumbers = new Container();
  private picture: BoardPicture = { board: [], moves: [], winLine: [] };
  private cell = 0;
  private originX = 0;
  private originY = 0;
  private hover: number | null = null;
  /** On a touch screen, the cell a first tap previewed: a second tap on it places the stone. */
  private preview: number | null = null;
  /** The keyboard cursor, shown while the board has the focus. */
  private cursor: number | null = null;
  private focused = false;

  /** Which colour a click would place at a cell now, or null when clicking is not allowed. */
  ghostColour: (cell: number) => number | null = () => null;
  onCellClick: (x: number, y: number) => void = () => undefined;
  /** Whether the arrows and Enter play on the board now (a seated player in a live game). */
  keyboardPlays: () => boolean = () => false;
  /** The cursor moved to `cell` (for the live region). */
  onCursor: (cell: number) => void = () => undefined;

  protected build(container: HTMLElement): void {
    this.app.stage.addChild(this.grid, this.coordinates, this.winLine, this.stones, this.numbers, this.overlay, this.analysis, this.analysisNumbers, this.ghost);
    // A mouse hovers a ghost stone and clicks to place. A finger has no hover and covers the
    // point it aims at (intersections are ~24 px apart on a phone): a tap previews the stone,
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
    this.listenToKeys(container);
  }

  draw(picture: BoardPicture): void {
    // A move was made (by anyone), or a review moved: a preview from before no longer applies.
    if (picture.moves.length !== this.picture.moves.length) this.setPreview(null);
    this.picture = picture;
    // Published for tests and tools: how many stones are drawn (fewer while stepping back).
    this.app.canvas.dataset.stones = String(picture.moves.length);
    this.drawStones();
    this.drawGhost();
    this.requestRender();
  }

  /**
   * Keyboard play on the focusable container (grid-keys.ts): arrows move a cursor (from the
   * last stone, or h8), Enter or Space places a stone at it. The cursor is the preview: it shows
   * the ghost of the stone that Enter would place.
   */
  private listenToKeys(container: HTMLElement): void {
    container.addEventListener('focus', () => {
      this.focused = true;
      this.drawGhost();
      this.requestRender();
    }, this.untilDestroyed);
    container.addEventListener('blur', () => {
      this.focused = false;
      this.drawGhost();
      this.requestRender();
    }, this.untilDestroyed);
    gridKeys(container, {
      columns: SIZE,
      rows: SIZE,
      cursor: () => this.cursor,
      start: () => (this.picture.moves.length ? this.picture.moves[this.picture.moves.length - 1] : 7 * SIZE + 7),
      firstShows: true,
      active: () => this.keyboardPlays(),
      moveTo: (cell) => this.setCursor(cell),
      play: (cell) => this.ghostColour(cell) !== null && this.onCellClick(cell % SIZE, Math.floor(cell / SIZE)),
    }, this.untilDestroyed);
  }

  private setCursor(cell: number): void {
    this.cursor = cell;
    // Published for tests and tools: the cursor's cell.
    this.app.canvas.dataset.cursor = String(cell);
    this.onCursor(cell);
    this.drawGhost();
    this.requestRender();
  }

  protected layout(): void {
    const { width, height } = this.app.screen;
    this.app.stage.hitArea = this.app.screen;
    const span = SIZE - 1 + 2 * PAD + LABELS;
    this.cell = Math.floor(Math.min(width, height) / span);
    // The board with its coordinate strip (left and bottom) is centred; the grid sits right of and above the strip.
    this.originX = Math.round((width - this.cell * span) / 2 + this.cell * (LABELS + PAD));
    this.originY = Math.round((height - this.cell * span) / 2 + this.cell * PAD);
    // Published for tests and tools: where cell (0,0) is and how far apart cells are, in CSS
    // pixels; and the coordinates drawn (columns left to right, rows top to bottom).
    Object.assign(this.app.canvas.dataset, {
      originX: this.originX,
      originY: this.originY,
      cell: this.cell,
      columns: Array.from({ length: SIZE }, (_, x) => columnName(x)).join(''),
      rows: Array.from({ length: SIZE }, (_, y) => rowName(y)).join(' '),
    });
    this.drawGrid();
    this.drawCoordinates();
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

  private text(value: string, size: number, fill: number): Text {
    const t = new Text({ text: value, style: { fontFamily: 'system-ui, sans-serif', fontSize: size, fontWeight: '700', fill }, resolution: this.app.renderer.resolution });
    t.anchor.set(0.5);
    return t;
  }

  private drawGrid(): void {
    const g = this.grid.clear();
    const pad = this.cell * PAD;
    const labels = this.cell * LABELS;
    const span = this.cell * (SIZE - 1);
    g.roundRect(this.originX - pad - labels, this.originY - pad, span + 2 * pad + labels, span + 2 * pad + labels, 6).fill(WOOD);
    for (let i = 0; i < SIZE; i++) {
      g.moveTo(this.px(i), this.py(0)).lineTo(this.px(i), this.py(SIZE - 1));
      g.moveTo(this.px(0), this.py(i)).lineTo(this.px(SIZE - 1), this.py(i));
    }
    g.stroke({ width: 1, color: LINE });
    for (const sx of STAR_POINTS) for (const sy of STAR_POINTS) g.circle(this.px(sx), this.py(sy), Math.max(2, this.cell * 0.09)).fill(LINE);
  }

  /** Columns a–o under the grid, rows 15–1 to its left (row 1 at the bottom). */
  private drawCoordinates(): void {
    this.coordinates.removeChildren().forEach((child) => child.destroy());
    const size = Math.max(11, Math.min(16, this.cell * 0.5));
    const below = this.py(SIZE - 1) + this.cell * (PAD + LABELS / 2) - size * 0.15;
    const left = this.px(0) - this.cell * (PAD + LABELS / 2) + size * 0.1;
    for (let i = 0; i < SIZE; i++) {
      const column = this.text(columnName(i), size, LINE);
      column.position.set(this.px(i), below);
      const row = this.text(String(rowName(i)), size, LINE);
      row.position.set(left, this.py(i));
      this.coordinates.addChild(column, row);
    }
  }

  private drawStones(): void {
    const g = this.stones.clear();
    this.numbers.removeChildren().forEach((child) => child.destroy());
    const r = this.cell * 0.44;
    const { board, moves, winLine } = this.picture;
    const at = (cell: number) => [this.px(cell % SIZE), this.py(Math.floor(cell / SIZE))] as const;
    // The winning five: a band under the stones (it shows between them) and a ring round each,
    // so the numbers on them stay readable.
    const w = this.winLine.clear();
    if (winLine.length > 1) {
      w.moveTo(...at(winLine[0])).lineTo(...at(winLine[winLine.length - 1])).stroke({ width: Math.max(5, this.cell * 0.3), color: WIN, alpha: 0.75, cap: 'round' });
    }
    for (let i = 0; i < board.length; i++) {
      if (!board[i]) continue;
      const [x, y] = at(i);
      if (board[i] === BLACK) g.circle(x, y, r).fill(0x1b1b1b).stroke({ width: 1, color: 0x000000 });
      else g.circle(x, y, r).fill(0xf7f7f2).stroke({ width: 1, color: 0x6b6b6b });
    }
    // Every stone carries its number in the move list (placement order).
    for (let n = 0; n < moves.length; n++) {
      const cell = moves[n];
      if (!board[cell]) continue;
      const digits = String(n + 1).length;
      const label = this.text(String(n + 1), Math.max(9, this.cell * (digits > 2 ? 0.34 : 0.42)), board[cell] === BLACK ? 0xffffff : 0x111111);
      label.position.set(...at(cell));
      this.numbers.addChild(label);
    }
    const o = this.overlay.clear();
    for (const cell of Array.from(winLine)) o.circle(...at(cell), r + 2).stroke({ width: 3, color: WIN });
    if (moves.length > 0) o.circle(...at(moves[moves.length - 1]), r + 3).stroke({ width: 2.5, color: MARK });
    this.drawAnalysis(at, r);
  }

  /** Threat points as small squares (filled: five, hollow: open four) in the threatening colour, then the ghost line. */
  private drawAnalysis(at: (cell: number) => readonly [number, number], r: number): void {
    const g = this.analysis.clear();
    this.analysisNumbers.removeChildren().forEach((child) => child.destroy());
    const { threats = [], ghosts = [], board } = this.picture;
    const side = r * 0.6;
    for (const t of threats) {
      if (board[t.cell]) continue;
      const [x, y] = at(t.cell);
      const colour = t.colour === BLACK ? 0x1b1b1b : 0xffffff;
      if (t.kind === 'five') g.rect(x - side / 2, y - side / 2, side, side).fill(colour).stroke({ width: 2, color: MARK });
      else g.rect(x - side / 2, y - side / 2, side, side).stroke({ width: 3, color: t.colour === BLACK ? 0x1b1b1b : 0xffffff });
    }
    ghosts.forEach((ghost, i) => {
      if (board[ghost.cell]) return;
      const [x, y] = at(ghost.cell);
      g.circle(x, y, r).fill({ color: ghost.colour === BLACK ? 0x1b1b1b : 0xffffff, alpha: 0.55 }).stroke({ width: 2, color: CURSOR });
      const label = this.text(String(i + 1), Math.max(9, this.cell * 0.42), ghost.colour === BLACK ? 0xffffff : 0x111111);
      label.position.set(x, y);
      this.analysisNumbers.addChild(label);
    });
    // Published for tests and tools: the ghost stones drawn (cells, in order) and the threat points.
    this.app.canvas.dataset.ghosts = ghosts.map((g) => g.cell).join(',');
    this.app.canvas.dataset.threats = threats.map((t) => `${t.kind}:${t.cell}`).join(',');
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
        g.moveTo(this.px(0), y).lineTo(this.px(SIZE - 1), y).moveTo(x, this.py(0)).lineTo(x, this.py(SIZE - 1)).stroke({ width: 2, color: CURSOR, alpha: 0.5 });
        g.circle(x, y, this.cell * 0.44).fill({ color: colour === BLACK ? 0x1b1b1b : 0xffffff, alpha: 0.6 });
        g.circle(x, y, this.cell * 0.44 + 3).stroke({ width: 3, color: CURSOR });
      }
    }
    if (this.focused && this.cursor !== null && this.keyboardPlays()) {
      const x = this.px(this.cursor % SIZE);
      const y = this.py(Math.floor(this.cursor / SIZE));
      const colour = this.picture.board[this.cursor] ? null : this.ghostColour(this.cursor);
      if (colour !== null) g.circle(x, y, this.cell * 0.44).fill({ color: colour === BLACK ? 0x1b1b1b : 0xffffff, alpha: 0.5 });
      const half = this.cell * 0.5;
      g.rect(x - half, y - half, 2 * half, 2 * half).stroke({ width: 3, color: CURSOR });
    }
    if (this.hover === null || this.picture.board[this.hover]) return;
    const colour = this.ghostColour(this.hover);
    if (colour === null) return;
    g.circle(this.px(this.hover % SIZE), this.py(Math.floor(this.hover / SIZE)), this.cell * 0.44)
      .fill({ color: colour === BLACK ? 0x1b1b1b : 0xffffff, alpha: 0.45 });
  }
}
