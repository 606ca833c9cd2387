/**
 * Monty Hall on a Pixi.js canvas: three doors (closed, selected, open with a goat or the
 * car; the player's door stays marked after the reveal) above a chart of the statistics —
 * observed win rates for sticking and switching as bars with 90/95/99% Wilson score intervals
 * and the theory (1/3, 2/3) marked — that fills in as games are played. The canvas publishes
 * its doors and the boxes of its labels (data-doors, data-labels) for tests and tools.
 */
import { Container, Graphics, Text } from 'pixi.js';
import { INTERVAL_NAME, summary, THEORETICAL, type Statistics } from '../../../../shared/games/monty-hall/stats';
import { PictureScene } from '../../fitted-scene';
import { MONTY } from './palette';

export interface DoorView {
  number: number;
  state: string;
  /** The player's door (`chosen`: the one they hold now or ended with; `first`: the one they switched away from). */
  mark?: 'chosen' | 'first';
}

export interface StagePicture {
  doors: DoorView[];
  /** Door numbers may be clicked now. */
  clickable: boolean;
  stats: Statistics;
  label: string;
}

const { door: DOOR, frame: FRAME, selected: SELECTED, ink: INK, muted: MUTED } = MONTY;
/** The space above the doors kept for the picture's label. */
const LABEL_BAND = 32;

export class StageRenderer extends PictureScene<StagePicture> {
  protected readonly canvasId = 'monty-canvas';
  private readonly doors = new Graphics();
  private readonly chart = new Graphics();
  private readonly texts = new Container();
  protected picture: StagePicture = { doors: [], clickable: false, stats: { stickWins: 0, stickLosses: 0, switchWins: 0, switchLosses: 0 }, label: '' };
  private boxes: { number: number; x: number; y: number; w: number; h: number }[] = [];
  onDoorClick: (door: number) => void = () => undefined;

  protected build(): void {
    this.app.stage.addChild(this.doors, this.chart, this.texts);
    this.app.stage.on('pointertap', (e) => {
      const hit = this.boxes.find((b) => e.global.x >= b.x && e.global.x <= b.x + b.w && e.global.y >= b.y && e.global.y <= b.y + b.h);
      if (hit && this.picture.clickable) this.onDoorClick(hit.number);
    });
  }

  private text(value: string, x: number, y: number, size: number, colour: number = INK, anchor = 0.5): Text {
    const t = new Text({ text: value, style: { fontFamily: 'system-ui, sans-serif', fontSize: size, fontWeight: '600', fill: colour }, resolution: this.app.renderer.resolution });
    t.anchor.set(anchor, 0.5);
    t.position.set(x, y);
    this.texts.addChild(t);
    return t;
  }

  protected layout(): void {
    const { width, height } = this.app.screen;
    this.app.stage.hitArea = this.app.screen;
    this.texts.removeChildren().forEach((c) => c.destroy());
    this.drawDoors(width, height * 0.55);
    // A narrow chart (a phone) takes its caption on two lines: the chart starts lower to make room.
    const captionRoom = width < 560 ? 24 : 0;
    this.drawChart(width, height * 0.58 + captionRoom, height * 0.4 - captionRoom);
    // Published for tests: every label's box in CSS pixels (none may overprint another).
    this.app.canvas.dataset.labels = JSON.stringify(this.texts.children.map((t) => {
      const b = t.getBounds();
      return { text: (t as Text).text, x: Math.round(b.x), y: Math.round(b.y), w: Math.round(b.width), h: Math.round(b.height) };
    }));
    this.requestRender();
  }

  private drawDoors(width: number, height: number): void {
    const g = this.doors.clear();
    // The doors fit below the label band, with room for their frames and the selection outline.
    const room = height - LABEL_BAND - 16;
    const w = Math.max(20, Math.min(width / 4.2, room / 1.7));
    const h = w * 1.7;
    const gap = (width - 3 * w) / 4;
    this.boxes = this.picture.doors.map((d, i) => ({ number: d.number, x: gap + i * (w + gap), y: LABEL_BAND + 10 + (room - h) / 2, w, h }));
    // Published for tests and tools: each door's centre in CSS pixels, its state and the player's mark.
    this.app.canvas.dataset.doors = JSON.stringify(this.boxes.map((b, i) => ({ number: b.number, x: b.x + b.w / 2, y: b.y + b.h / 2, state: this.picture.doors[i].state, mark: this.picture.doors[i].mark ?? null })));
    for (const [i, d] of this.picture.doors.entries()) {
      const b = this.boxes[i];
      const open = d.state.startsWith('open');
      g.roundRect(b.x - 6, b.y - 6, b.w + 12, b.h + 6, 6).fill(FRAME);
      if (open) {
        g.rect(b.x, b.y, b.w, b.h).fill(MONTY.openDoor);
        if (d.state === 'open_with_prize') drawCar(g, b.x + b.w / 2, b.y + b.h * 0.55, b.w * 0.7);
        else drawGoat(g, b.x + b.w / 2, b.y + b.h * 0.55, b.w * 0.6);
        this.text(d.state === 'open_with_prize' ? 'CAR' : 'goat', b.x + b.w / 2, b.y + b.h * 0.85, Math.max(12, b.w * 0.12), d.state === 'open_with_prize' ? MONTY.car : MUTED);
      } else {
        g.rect(b.x, b.y, b.w, b.h).fill(DOOR);
        g.rect(b.x + b.w * 0.12, b.y + b.h * 0.08, b.w * 0.76, b.h * 0.36).stroke({ width: 3, color: 0x6b3a20 });
        g.rect(b.x + b.w * 0.12, b.y + b.h * 0.52, b.w * 0.76, b.h * 0.4).stroke({ width: 3, color: 0x6b3a20 });
        g.circle(b.x + b.w * 0.82, b.y + b.h * 0.5, Math.max(3, b.w * 0.04)).fill(0xe8c36a);
        this.text(String(d.number), b.x + b.w / 2, b.y + b.h * 0.26, Math.max(18, b.w * 0.25), MONTY.doorNumber);
      }
      // The player's door keeps its outline and a tag through the reveal and the end of the game.
      if (d.mark === 'chosen' || d.state === 'selected') g.roundRect(b.x - 10, b.y - 10, b.w + 20, b.h + 14, 8).stroke({ width: 5, color: SELECTED });
      else if (d.mark === 'first') g.roundRect(b.x - 9, b.y - 9, b.w + 18, b.h + 12, 8).stroke({ width: 2, color: SELECTED });
      if (d.mark) this.tag(d.mark === 'chosen' ? 'your door' : 'first pick', b, d.mark === 'chosen');
    }
    if (this.picture.label) this.text(this.picture.label, width / 2, LABEL_BAND / 2, 18);
  }

  /** A tag at the top of a door: gold for the player's door, pale for the one they left. */
  private tag(label: string, b: { x: number; y: number; w: number; h: number }, strong: boolean): void {
    const t = this.text(label, b.x + b.w / 2, b.y + b.h * 0.075, Math.max(11, Math.min(16, b.w * 0.11)), INK);
    t.scale.set(Math.min(1, (b.w - 8) / t.width));
    this.doors.roundRect(t.x - t.width / 2 - 4, t.y - t.height / 2 - 1, t.width + 8, t.height + 2, 4).fill(strong ? SELECTED : MONTY.openDoor);
  }

  /** Two bars (stick, switch): observed rate, 99/95/90% intervals as nested whiskers, theory as a dashed mark. */
  private drawChart(width: number, top: number, height: number): void {
    const g = this.chart.clear();
    const left = 70;
    const right = width - 30;
    const bottom = top + height - (right - left < 420 ? 40 : 26);
    const y = (p: number) => bottom - p * (bottom - top - 10);
    g.rect(left, top, right - left, bottom - top).fill({ color: 0xffffff, alpha: 0.6 });
    for (const p of [0, 0.25, 0.5, 0.75, 1]) {
      g.moveTo(left, y(p)).lineTo(right, y(p)).stroke({ width: 1, color: 0xd8cfc0 });
      this.text(`${p * 100}%`, left - 8, y(p), 11, MUTED, 1);
    }
    const barW = Math.min(90, (right - left) / 6);
    for (const [i, strategy] of (['stick', 'switch'] as const).entries()) {
      const s = summary(this.picture.stats, strategy);
      const cx = left + ((right - left) * (i + 1)) / 3;
      const colour = strategy === 'stick' ? 0x2f5d8a : 0xb5541c;
      if (s.total > 0) g.rect(cx - barW / 2, y(s.rate), barW, bottom - y(s.rate)).fill({ color: colour, alpha: 0.85 });
      // Theory: a dashed line across the bar.
      for (let x = cx - barW / 2 - 12; x < cx + barW / 2 + 12; x += 8) g.moveTo(x, y(THEORETICAL[strategy])).lineTo(x + 4, y(THEORETICAL[strategy]));
      g.stroke({ width: 2, color: 0x1f1a14 });
      if (s.total > 0) {
        for (const [ci, w] of [[s.ci99, 6], [s.ci95, 12], [s.ci90, 18]] as const) {
          g.moveTo(cx, y(ci[0])).lineTo(cx, y(ci[1])).stroke({ width: 2, color: 0x1f1a14 });
          g.moveTo(cx - w / 2, y(ci[0])).lineTo(cx + w / 2, y(ci[0])).moveTo(cx - w / 2, y(ci[1])).lineTo(cx + w / 2, y(ci[1])).stroke({ width: 2, color: 0x1f1a14 });
        }
      }
      const rate = s.total ? `${(100 * s.rate).toFixed(1)}%` : '—';
      // Narrow charts (a phone) break each label in two lines rather than shrink it.
      const narrow = right - left < 420;
      const barLabel = this.text(`${strategy}: ${rate}${narrow ? '\n' : ' '}of ${s.total} (${s.wins} won)`, cx, bottom + (narrow ? 20 : 14), 13);
      barLabel.style.align = 'center';
      // The two labels never overprint: each fits a third of the chart.
      barLabel.scale.set(Math.min(1, ((right - left) / 3 - 6) / barLabel.width));
    }
    const twoLines = width < 560;
    const words = twoLines ? `win rate by strategy · dashes: theory\nwhiskers: 90 / 95 / 99% ${INTERVAL_NAME} score intervals` : `win rate by strategy · whiskers: 90 / 95 / 99% ${INTERVAL_NAME} score intervals · dashes: theory`;
    const caption = this.text(words, width / 2, top - (twoLines ? 20 : 12), 12, MUTED);
    caption.style.align = 'center';
    // On a narrow screen the caption shrinks to the chart's width instead of running off it.
    caption.scale.set(Math.min(1, (width - 12) / caption.width));
  }
}

/** A car, drawn (emoji fonts are not everywhere): body, cabin, windows, wheels. */
function drawCar(g: Graphics, cx: number, cy: number, w: number): void {
  const h = w * 0.28;
  g.roundRect(cx - w * 0.28, cy - h * 1.5, w * 0.56, h * 0.9, h * 0.3).fill(0xc92a2a);
  g.rect(cx - w * 0.22, cy - h * 1.35, w * 0.2, h * 0.55).fill(0xbfe3f5).rect(cx + w * 0.02, cy - h * 1.35, w * 0.2, h * 0.55).fill(0xbfe3f5);
  g.roundRect(cx - w / 2, cy - h * 0.7, w, h, h * 0.35).fill(0xe03131);
  for (const dx of [-0.3, 0.3]) g.circle(cx + dx * w, cy + h * 0.3, h * 0.38).fill(0x222222).circle(cx + dx * w, cy + h * 0.3, h * 0.16).fill(0xaaaaaa);
  g.circle(cx + w * 0.46, cy - h * 0.35, h * 0.12).fill(0xffe066);
}

/** A goat, drawn: body, legs, head, horns, beard. */
function drawGoat(g: Graphics, cx: number, cy: number, w: number): void {
  const fur = 0xe9e4da;
  const line = 0x5c5248;
  for (const dx of [-0.28, -0.12, 0.12, 0.28]) g.rect(cx + dx * w - w * 0.03, cy, w * 0.06, w * 0.32).fill(line);
  g.ellipse(cx, cy, w * 0.38, w * 0.2).fill(fur).stroke({ width: 2, color: line });
  g.ellipse(cx + w * 0.42, cy - w * 0.22, w * 0.13, w * 0.1).fill(fur).stroke({ width: 2, color: line });
  g.moveTo(cx + w * 0.38, cy - w * 0.3).quadraticCurveTo(cx + w * 0.3, cy - w * 0.48, cx + w * 0.22, cy - w * 0.4).stroke({ width: 3, color: line });
  g.moveTo(cx + w * 0.46, cy - w * 0.14).lineTo(cx + w * 0.44, cy - w * 0.04).stroke({ width: 3, color: line });
  g.circle(cx + w * 0.45, cy - w * 0.24, w * 0.018).fill(0x111111);
  g.moveTo(cx - w * 0.38, cy - w * 0.05).lineTo(cx - w * 0.46, cy - w * 0.14).stroke({ width: 3, color: line });
}
