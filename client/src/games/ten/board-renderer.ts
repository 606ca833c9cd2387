/**
 * Ten Exorcism on a Pixi.js canvas: 10 columns × 17 rows of ghosts (their power on each),
 * exorcised cells empty, and the rectangle being dragged — green when its ghosts sum to
 * exactly 10, red otherwise (the seed's feedback), with the running sum beside it.
 */
import { Container, Graphics, Text } from 'pixi.js';
import { COLS, ROWS, validateSelection, type Selection } from '../../../../shared/games/ten-exorcism/board';
import { FittedScene } from '../../fitted-scene';
import { BOARD_BACKGROUND, GHOST_INK, POWER_COLOURS } from './palette';


export class TenBoardRenderer extends FittedScene {
  protected readonly canvasId = 'ten-canvas';
  private readonly cells = new Graphics();
  private readonly numbers = new Container();
  /** The ghosts change only on an exorcism: kept as one texture, so a drag re-composites instead of redrawing 170 ghosts. */
  private readonly boardLayer = new Container();
  private readonly overlay = new Graphics();
  private readonly sumText = new Container();
  private board: number[] = [];
  /** One label per cell, made once per layout: rebuilding 170 text textures per move was slow. */
  private labels: Text[] = [];
  private drag: Selection | null = null;
  private flash: { sel: Selection; valid: boolean } | null = null;
  private size = 0;
  private ox = 0;
  private oy = 0;
  enabled = false;
  onSelect: (selection: Selection) => void = () => undefined;

  protected build(): void {
    this.boardLayer.addChild(this.cells, this.numbers);
    this.app.stage.addChild(this.boardLayer, this.overlay, this.sumText);
    this.app.stage.on('pointerdown', (e) => {
      const at = this.cellAt(e.global.x, e.global.y);
      if (!this.enabled || !at) return;
      this.drag = { startRow: at[0], startCol: at[1], endRow: at[0], endCol: at[1] };
      this.drawOverlay();
    });
    this.app.stage.on('pointermove', (e) => {
      const at = this.cellAt(e.global.x, e.global.y, true);
      if (!this.drag || !at) return;
      if (at[0] === this.drag.endRow && at[1] === this.drag.endCol) return;
      this.drag = { ...this.drag, endRow: at[0], endCol: at[1] };
      this.drawOverlay();
    });
    const finish = () => {
      if (!this.drag) return;
      const sel = this.drag;
      this.drag = null;
      this.drawOverlay();
      this.onSelect(sel);
    };
    this.app.stage.on('pointerup', finish);
    this.app.stage.on('pointerupoutside', finish);
  }

  draw(board: number[]): void {
    this.board = board;
    this.drawCells();
    this.drawOverlay();
  }

  /** The server's answer to a selection, shown briefly in green or red. */
  showResult(sel: Selection, valid: boolean): void {
    this.flash = { sel, valid };
    this.drawOverlay();
    window.setTimeout(() => {
      if (this.flash?.sel === sel) this.flash = null;
      this.drawOverlay();
    }, 450);
  }

  protected layout(): void {
    const { width, height } = this.app.screen;
    this.app.stage.hitArea = this.app.screen;
    this.size = Math.floor(Math.min((width - 20) / COLS, (height - 20) / ROWS));
    this.ox = Math.round((width - this.size * COLS) / 2);
    this.oy = Math.round((height - this.size * ROWS) / 2);
    // Published for tests and tools: where cell (0,0) starts and how big cells are, in CSS pixels.
    Object.assign(this.app.canvas.dataset, { originX: this.ox, originY: this.oy, cell: this.size });
    this.numbers.removeChildren().forEach((c) => c.destroy());
    this.labels = Array.from({ length: ROWS * COLS }, (_, i) => {
      const t = new Text({ text: '', style: { fontFamily: 'system-ui, sans-serif', fontSize: Math.max(8, this.size * 0.42), fontWeight: '700', fill: GHOST_INK }, resolution: this.app.renderer.resolution });
      t.anchor.set(0.5);
      t.position.set(this.ox + (i % COLS) * this.size + this.size / 2, this.oy + Math.floor(i / COLS) * this.size + this.size / 2 - this.size * 0.03);
      this.numbers.addChild(t);
      return t;
    });
    this.drawCells();
    this.drawOverlay();
  }

  private cellAt(x: number, y: number, clampToBoard = false): [number, number] | null {
    let row = Math.floor((y - this.oy) / this.size);
    let col = Math.floor((x - this.ox) / this.size);
    if (clampToBoard) {
      row = Math.min(ROWS - 1, Math.max(0, row));
      col = Math.min(COLS - 1, Math.max(0, col));
    }
    return row >= 0 && col >= 0 && row < ROWS && col < COLS ? [row, col] : null;
  }

  private drawCells(): void {
    const g = this.cells.clear();
    const s = this.size;
    g.roundRect(this.ox - 6, this.oy - 6, s * COLS + 12, s * ROWS + 12, 10).fill(BOARD_BACKGROUND);
    this.board.forEach((p, i) => {
      const x = this.ox + (i % COLS) * s + s / 2;
      const y = this.oy + Math.floor(i / COLS) * s + s / 2;
      const label = this.labels[i];
      if (label) {
        label.visible = p > 0;
        if (p > 0 && label.text !== String(p)) label.text = String(p);
      }
      if (!p) {
        g.circle(x, y, s * 0.08).fill({ color: 0xffffff, alpha: 0.15 });
        return;
      }
      // A ghost: a round head with a wavy hem, tinted by its power.
      g.circle(x, y - s * 0.06, s * 0.36).fill(POWER_COLOURS[p]);
      g.rect(x - s * 0.36, y - s * 0.06, s * 0.72, s * 0.3).fill(POWER_COLOURS[p]);
      for (const dx of [-0.24, 0, 0.24]) g.circle(x + dx * s, y + s * 0.24, s * 0.12).fill(POWER_COLOURS[p]);
    });
    if (this.boardLayer.isCachedAsTexture) this.boardLayer.updateCacheTexture();
    else this.boardLayer.cacheAsTexture(true);
    this.requestRender();
  }

  private drawOverlay(): void {
    const o = this.overlay.clear();
    this.sumText.removeChildren().forEach((c) => c.destroy());
    const shown = this.drag ?? this.flash?.sel ?? null;
    if (shown) {
      const v = validateSelection(this.board, shown);
      const good = this.drag ? v.isValid : this.flash!.valid;
      const colour = good ? 0x2f9e44 : 0xe03131;
      const [r0, r1] = [Math.min(shown.startRow, shown.endRow), Math.max(shown.startRow, shown.endRow)];
      const [c0, c1] = [Math.min(shown.startCol, shown.endCol), Math.max(shown.startCol, shown.endCol)];
      const x = this.ox + c0 * this.size;
      const y = this.oy + r0 * this.size;
      o.rect(x, y, (c1 - c0 + 1) * this.size, (r1 - r0 + 1) * this.size).fill({ color: colour, alpha: 0.25 }).stroke({ width: 3, color: colour });
      if (this.drag) {
        const t = new Text({ text: `sum ${v.sum}`, style: { fontFamily: 'system-ui, sans-serif', fontSize: 16, fontWeight: '700', fill: 0xffffff, stroke: { color: colour, width: 4 } }, resolution: this.app.renderer.resolution });
        t.position.set(x, Math.max(0, y - 22));
        this.sumText.addChild(t);
      }
    }
    this.requestRender();
  }
}
