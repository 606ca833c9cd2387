/**
 * The Flip 7 table on a Pixi.js canvas: the deck and discard piles, then one row per seat
 * (up to 18) with name, status, the cards in front in the order received, the round
 * score, and a score track to 200. Rows are clickable when the player must pick a target.
 */
import { FittedScene } from '../../fitted-scene';
import { Container, Graphics, Text } from 'pixi.js';
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
  /** A replay: this line (e.g. "Round 3") where the live table shows the deck and discard piles. */
  caption?: string;
}

const GOAL = 200;

export class TableRenderer extends FittedScene {
  protected readonly canvasId = 'flip7-canvas';
  private readonly layer = new Container();
  private picture: TablePicture | null = null;
  private rowBoxes: { id: string; y: number; h: number }[] = [];
  onRowClick: (id: string) => void = () => undefined;

  protected build(): void {
    this.app.stage.addChild(this.layer);
    this.app.stage.on('pointertap', (e) => {
      const row = this.rowBoxes.find((r) => e.global.y >= r.y && e.global.y < r.y + r.h);
      if (row && this.picture?.targets.includes(row.id)) this.onRowClick(row.id);
    });
  }

  draw(picture: TablePicture): void {
    this.picture = picture;
    this.layout();
  }

  protected layout(): void {
    const picture = this.picture;
    if (!picture || !this.app.renderer) return;
    this.app.stage.hitArea = this.app.screen;
    for (const child of this.layer.removeChildren()) child.destroy({ children: true });
    const { width, height } = this.app.screen;
    const top = 70;
    // Narrow (a phone): the cards go on a line under the name, so rows are taller and names are never cut.
    const narrow = width < 560;
    const rowH = narrow
      ? Math.max(56, Math.min(120, Math.floor((height - top - 10) / Math.max(3, picture.rows.length))))
      : Math.max(30, Math.min(96, Math.floor((height - top - 10) / Math.max(3, picture.rows.length))));
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
    if (p.caption !== undefined) {
      this.text(p.caption, 16, 22, 17, 0x1f1a14, '700');
      return;
    }
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

    const nameW = Math.min(240, width * 0.26);
    const fs = Math.max(11, Math.min(15, h * 0.3));
    const who = `${row.name}${row.id === p.me ? ' (you)' : ''}${row.id === p.dealer ? ' ◆' : ''}`;
    this.fitWidth(this.text(who, 16, y + h * 0.14, fs, 0x1f1a14, '700'), nameW - 14);
    const status = `${STATUS_LABEL[row.status] ?? row.status}${row.botControlled ? ' · bot playing' : ''}${!row.connected && !row.bot ? ' · away' : ''}`;
    this.fitWidth(this.text(status, 16, y + h * 0.52, fs * 0.85, row.status === 'busted' ? 0xc92a2a : 0x675c4f, '400'), nameW - 14);

    // Cards in front, in the order received.
    const trackW = Math.min(180, width * 0.2);
    this.drawCards(row.cards, nameW + 10, y + 6, width - nameW - trackW - 40, h - 12);

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
    const status = this.text(`${STATUS_LABEL[row.status] ?? row.status}${row.botControlled ? ' · bot playing' : ''}${!row.connected && !row.bot ? ' · away' : ''}`, 16 + who.width + 8, y + 7, fs * 0.9, row.status === 'busted' ? 0xc92a2a : 0x675c4f, '400');
    // A long name gives way to the score rather than running under it.
    const nameRoom = width - 16 - score.width - 12 - 16;
    if (who.width + 8 + status.width > nameRoom) {
      status.visible = who.width + 40 < nameRoom;
      if (status.visible) status.scale.set((nameRoom - who.width - 8) / status.width);
      else who.scale.set(Math.min(1, nameRoom / who.width));
    }
    this.drawCards(row.cards, 16, y + 26, width - 32, h - 32);
  }

  /**
   * A hand, left to right in the order received, inside `room` × `maxH` pixels: cards are as tall as
   * the row allows and narrow enough that every card fits (room is kept for at least six), so a
   * long hand is never cut.
   */
  private drawCards(cards: readonly string[], left: number, top: number, room: number, maxH: number): void {
    const cardW = Math.max(12, Math.min(Math.round(maxH * 0.72), Math.floor(room / Math.max(6, cards.length)) - 4));
    const cardH = Math.min(maxH, Math.round(cardW / 0.6));
    cards.forEach((card, i) => {
      const look = cardLook(card);
      const x = left + i * (cardW + 4);
      this.layer.addChild(new Graphics().roundRect(x, top, cardW, cardH, 4).fill(look.fill).stroke({ width: 1.5, color: look.ink }));
      this.cardLabel(look.label, x, top, cardW, cardH, look.ink);
    });
  }

  /**
   * A card's face, always inside its card and as large as it fits: across the card, or along
   * its length when that reads larger ("FREEZE" on a narrow card); two-line faces ("2ND /
   * CHANCE", "FLIP / 3") are centred. Numbers keep to the size of the card's width.
   */
  private cardLabel(label: string, x: number, y: number, w: number, h: number, ink: number): void {
    const base = 40;
    const t = this.text(label, x + w / 2, y + h / 2, base, ink, '800');
    t.style.align = 'center';
    t.style.lineHeight = base * 1.02;
    t.anchor.set(0.5);
    const across = Math.min((w * 0.84) / t.width, (h * 0.8) / t.height);
    const along = Math.min((h * 0.86) / t.width, (w * 0.82) / t.height);
    // Only words turn: a number or "+10" always reads across.
    const rotate = /[A-Z]{4}/.test(label) && along > across * 1.25;
    if (rotate) t.rotation = -Math.PI / 2;
    t.scale.set(Math.min(rotate ? along : across, (0.46 * h) / base));
  }

  /** Shrinks a line of text to `max` pixels wide (to 80% at most), then cuts it with "…": a name never runs under the cards. */
  private fitWidth(t: Text, max: number): void {
    if (t.width <= max) return;
    t.scale.set(Math.max(0.8, max / t.width));
    while (t.width > max && t.text.length > 2) t.text = `${t.text.replace(/…$/, '').slice(0, -1)}…`;
  }

  private text(text: string, x: number, y: number, size: number, fill: number, weight: '400' | '700' | '800'): Text {
    const t = new Text({ text, style: { fontFamily: 'system-ui, sans-serif', fontSize: size, fill, fontWeight: weight }, resolution: this.app.renderer.resolution });
    t.position.set(x, y);
    this.layer.addChild(t);
    return t;
  }

}
