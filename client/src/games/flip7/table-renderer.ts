/**
 * The Flip 7 table on a Pixi.js canvas: the deck and discard piles, then one row per seat
 * (up to 18) with name, status, the cards in front in the order received, the round
 * score, and a score track to 200. Rows are clickable when the player must pick a target.
 */
import { renderOnDemand } from '../../render-on-demand';
import { containerSize, fitToContainer } from '../../fit-canvas';
import { Application, Container, Graphics, Text } from 'pixi.js';
import { cardLook, STATUS_LABEL } from './card-style';

export interface SeatRow {
  id: string;
  name: string;
  status: string;
  cards: string[];
  total: number;
  roundScore: number;
  connected: boolean;
  botControlled: boolean;
  bot: boolean;
}

export interface TablePicture {
  rows: SeatRow[];
  deckCount: number;
  discardCount: number;
  toAct: string;
  me: string;
  dealer: string;
  /** Seats the viewer may click now (a pending target choice), else empty. */
  targets: string[];
  phase: string;
}

const GOAL = 200;

export class TableRenderer {
  private readonly app = new Application();
  private readonly layer = new Container();
  private picture: TablePicture | null = null;
  private rowBoxes: { id: string; y: number; h: number }[] = [];
  private readonly requestRender = renderOnDemand(this.app);
  private unfit: () => void = () => undefined;
  onRowClick: (id: string) => void = () => undefined;

  async mount(container: HTMLElement): Promise<void> {
    await this.app.init({ ...containerSize(container), antialias: true, autoDensity: true, resolution: Math.max(1, window.devicePixelRatio || 1), backgroundAlpha: 0, autoStart: false });
    this.app.ticker.stop();
    this.app.canvas.id = 'flip7-canvas';
    container.append(this.app.canvas);
    this.app.stage.addChild(this.layer);
    this.app.stage.eventMode = 'static';
    this.app.stage.on('pointertap', (e) => {
      const row = this.rowBoxes.find((r) => e.global.y >= r.y && e.global.y < r.y + r.h);
      if (row && this.picture?.targets.includes(row.id)) this.onRowClick(row.id);
    });
    this.app.renderer.on('resize', () => this.redraw());
    this.unfit = fitToContainer(this.app, container);
  }

  destroy(): void {
    this.unfit();
    this.app.destroy(true, { children: true });
  }

  draw(picture: TablePicture): void {
    this.picture = picture;
    this.redraw();
  }

  private redraw(): void {
    const picture = this.picture;
    if (!picture || !this.app.renderer) return;
    this.app.stage.hitArea = this.app.screen;
    for (const child of this.layer.removeChildren()) child.destroy({ children: true });
    const { width, height } = this.app.screen;
    const top = 70;
    // Narrow (a phone): the cards go on a line under the name, so rows are taller and names are never cut.
    const narrow = width < 560;
    const rowH = narrow
      ? Math.max(56, Math.min(88, Math.floor((height - top - 10) / Math.max(3, picture.rows.length))))
      : Math.max(30, Math.min(64, Math.floor((height - top - 10) / Math.max(3, picture.rows.length))));
    this.drawPiles(picture, width);
    this.rowBoxes = picture.rows.map((row, i) => {
      const y = top + i * rowH;
      if (narrow) this.drawNarrowRow(row, y, rowH, width, picture);
      else this.drawRow(row, y, rowH, width, picture);
      return { id: row.id, y, h: rowH };
    });
    // Published for tests and tools: where each seat's row is, in CSS pixels.
    this.app.canvas.dataset.rows = JSON.stringify(this.rowBoxes);
    this.requestRender();
  }

  private drawPiles(p: TablePicture, width: number): void {
    const g = new Graphics();
    for (let i = 0; i < Math.min(4, Math.ceil(p.deckCount / 20)); i++) g.roundRect(12 + i * 3, 10 - i * 2, 40, 52, 5).fill(0x264653).stroke({ width: 1, color: 0xffffff });
    // An empty discard pile is an empty slot (outline only), not a dark card.
    g.roundRect(width - 60, 10, 40, 52, 5).fill({ color: 0xe9c46a, alpha: p.discardCount ? 1 : 0 }).stroke({ width: 1, color: 0x9c6644 });
    this.layer.addChild(g);
    this.text(`Deck ${p.deckCount}`, 66, 22, 15, 0x1f1a14, '700');
    const discard = this.text(`Discard ${p.discardCount}`, width - 68, 22, 15, 0x1f1a14, '700');
    discard.anchor.set(1, 0);
  }

  private drawRow(row: SeatRow, y: number, h: number, width: number, p: TablePicture): void {
    const g = new Graphics();
    const acting = row.id === p.toAct;
    const targetable = p.targets.includes(row.id);
    g.roundRect(6, y + 2, width - 12, h - 4, 8).fill(acting ? 0xffe8cc : row.id === p.me ? 0xf3eee4 : 0xfffdf8);
    if (targetable) g.roundRect(6, y + 2, width - 12, h - 4, 8).stroke({ width: 3, color: 0x1971c2 });
    else if (acting) g.roundRect(6, y + 2, width - 12, h - 4, 8).stroke({ width: 2, color: 0xb5541c });
    this.layer.addChild(g);

    const nameW = Math.min(190, width * 0.24);
    const fs = Math.max(11, Math.min(15, h * 0.3));
    const who = `${row.name}${row.id === p.me ? ' (you)' : ''}${row.id === p.dealer ? ' ◆' : ''}`;
    this.text(who, 16, y + h * 0.14, fs, 0x1f1a14, '700');
    const status = `${STATUS_LABEL[row.status] ?? row.status}${row.botControlled ? ' · bot playing' : ''}${!row.connected && !row.bot ? ' · away' : ''}`;
    this.text(status, 16, y + h * 0.52, fs * 0.85, row.status === 'busted' ? 0xc92a2a : 0x7a6e60, '400');

    // Cards in front, in the order received.
    const cardH = h - 12;
    const cardW = Math.round(cardH * 0.72);
    const trackW = Math.min(180, width * 0.2);
    const maxCards = Math.max(1, Math.floor((width - nameW - trackW - 40) / (cardW + 4)));
    row.cards.slice(0, maxCards).forEach((card, i) => {
      const look = cardLook(card);
      const x = nameW + 10 + i * (cardW + 4);
      const c = new Graphics().roundRect(x, y + 6, cardW, cardH, 4).fill(look.fill).stroke({ width: 1.5, color: look.ink });
      this.layer.addChild(c);
      this.cardLabel(look.label, x, y + 6, cardW, cardH, look.ink);
    });

    // Score track to 200: banked total, plus this round's score.
    const tx = width - trackW - 16;
    const ty = y + h * 0.55;
    const track = new Graphics().roundRect(tx, ty, trackW, 8, 4).fill(0xeadfce);
    const banked = Math.min(1, row.total / GOAL) * trackW;
    track.roundRect(tx, ty, Math.max(2, banked), 8, 4).fill(0x2f9e44);
    track.moveTo(tx + trackW, ty - 4).lineTo(tx + trackW, ty + 12).stroke({ width: 2, color: 0x1f1a14 });
    this.layer.addChild(track);
    const score = this.text(`${row.total}${row.roundScore && p.phase !== 'playing' ? ` (+${row.roundScore})` : ''} / ${GOAL}`, tx + trackW, y + h * 0.1, fs * 0.9, 0x1f1a14, '700');
    score.anchor.set(1, 0);
  }

  /** A seat on a phone: name, status and score on the first line, the cards across the whole row below. */
  private drawNarrowRow(row: SeatRow, y: number, h: number, width: number, p: TablePicture): void {
    const g = new Graphics();
    const acting = row.id === p.toAct;
    g.roundRect(6, y + 2, width - 12, h - 4, 8).fill(acting ? 0xffe8cc : row.id === p.me ? 0xf3eee4 : 0xfffdf8);
    if (p.targets.includes(row.id)) g.roundRect(6, y + 2, width - 12, h - 4, 8).stroke({ width: 3, color: 0x1971c2 });
    else if (acting) g.roundRect(6, y + 2, width - 12, h - 4, 8).stroke({ width: 2, color: 0xb5541c });
    this.layer.addChild(g);
    const fs = 13;
    const score = this.text(`${row.total}${row.roundScore && p.phase !== 'playing' ? ` (+${row.roundScore})` : ''} / ${GOAL}`, width - 16, y + 6, fs, 0x1f1a14, '700');
    score.anchor.set(1, 0);
    const who = this.text(`${row.name}${row.id === p.me ? ' (you)' : ''}${row.id === p.dealer ? ' ◆' : ''}`, 16, y + 6, fs, 0x1f1a14, '700');
    const status = this.text(`${STATUS_LABEL[row.status] ?? row.status}${row.botControlled ? ' · bot playing' : ''}${!row.connected && !row.bot ? ' · away' : ''}`, 16 + who.width + 8, y + 7, fs * 0.9, row.status === 'busted' ? 0xc92a2a : 0x7a6e60, '400');
    // A long name gives way to the score rather than running under it.
    const nameRoom = width - 16 - score.width - 12 - 16;
    if (who.width + 8 + status.width > nameRoom) {
      status.visible = who.width + 40 < nameRoom;
      if (status.visible) status.scale.set((nameRoom - who.width - 8) / status.width);
      else who.scale.set(Math.min(1, nameRoom / who.width));
    }
    const cardTop = y + 26;
    const cardH = h - 32;
    const cardW = Math.round(cardH * 0.72);
    const maxCards = Math.max(1, Math.floor((width - 32) / (cardW + 4)));
    row.cards.slice(0, maxCards).forEach((card, i) => {
      const look = cardLook(card);
      const x = 16 + i * (cardW + 4);
      this.layer.addChild(new Graphics().roundRect(x, cardTop, cardW, cardH, 4).fill(look.fill).stroke({ width: 1.5, color: look.ink }));
      this.cardLabel(look.label, x, cardTop, cardW, cardH, look.ink);
    });
  }

  /**
   * A card's face, always inside its card: short labels ("7", "+10", "2ND", "×2") across it,
   * long ones ("FREEZE", "FLIP 3") along its length when the card is narrow, so they stay
   * readable on a phone; either way scaled down until they fit with a margin.
   */
  private cardLabel(label: string, x: number, y: number, w: number, h: number, ink: number): void {
    const along = label.length > 3 && h > w;
    const t = this.text(label, x + w / 2, y + h / 2, Math.max(9, (label.length > 3 ? 0.3 : 0.42) * h), ink, '800');
    t.anchor.set(0.5);
    if (along) t.rotation = -Math.PI / 2;
    const room = along ? [h * 0.88, w * 0.8] : [w * 0.84, h * 0.8];
    const scale = Math.min(1, room[0] / t.width, room[1] / t.height);
    t.scale.set(scale);
  }

  private text(text: string, x: number, y: number, size: number, fill: number, weight: '400' | '700' | '800'): Text {
    const t = new Text({ text, style: { fontFamily: 'system-ui, sans-serif', fontSize: size, fill, fontWeight: weight }, resolution: this.app.renderer.resolution });
    t.position.set(x, y);
    this.layer.addChild(t);
    return t;
  }

}
