/**
 * The evaluation graph: Black's winning chance after each stone (top: Black wins, bottom:
 * White wins), forced wins as dots on the edge, marked moves as coloured dots, the selected
 * position as a line. An SVG that scales to its box (390 px phones included); a click or tap
 * picks the position under it.
 */
import type { MoveAssessment } from '../../../../../shared/games/gomoku/analysis';

const NS = 'http://www.w3.org/2000/svg';
const HEIGHT = 100;
const MARK_COLOUR = { blunder: '#c92a2a', mistake: '#e8590c', inaccuracy: '#b08900' } as const;

export interface GraphData {
  /** Black's chance per position (index = stones), undefined where no verdict exists yet. */
  chances: readonly (number | undefined)[];
  /** Positions where a forced win is known. */
  forced: readonly boolean[];
  marks: readonly MoveAssessment[];
  selected: number;
  positions: number;
}

export class EvaluationGraph {
  readonly element: SVGSVGElement;

  constructor(private readonly pick: (position: number) => void) {
    this.element = document.createElementNS(NS, 'svg');
    this.element.id = 'analysis-graph';
    this.element.setAttribute('class', 'analysis-graph');
    this.element.setAttribute('preserveAspectRatio', 'none');
    this.element.setAttribute('role', 'img');
    this.element.addEventListener('click', (e) => {
      const box = this.element.getBoundingClientRect();
      const count = Number(this.element.dataset.positions ?? 1);
      this.pick(Math.max(0, Math.min(count - 1, Math.round(((e.clientX - box.left) / box.width) * (count - 1)))));
    });
  }

  draw(data: GraphData): void {
    const svg = this.element;
    const last = Math.max(1, data.positions - 1);
    const width = last * 10;
    const x = (i: number) => i * 10;
    const y = (chance: number) => (1 - chance) * HEIGHT;
    svg.setAttribute('viewBox', `0 0 ${width} ${HEIGHT}`);
    svg.dataset.positions = String(data.positions);
    svg.replaceChildren();
    const shape = (tag: string, attrs: Record<string, string | number>) => {
      const el = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
      svg.append(el);
      return el;
    };
    shape('rect', { x: 0, y: 0, width, height: HEIGHT, fill: '#f7f7f2' });
    const points = data.chances.map((c, i) => (c === undefined ? null : `${x(i)},${y(c).toFixed(1)}`)).filter(Boolean);
    if (points.length > 0) {
      const lastX = x(data.chances.length - 1);
      shape('path', { d: `M0,${HEIGHT} L${points.join(' L')} L${lastX},${HEIGHT} Z`, fill: '#1b1b1b', 'fill-opacity': 0.85 });
    }
    shape('line', { x1: 0, x2: width, y1: HEIGHT / 2, y2: HEIGHT / 2, stroke: '#868e96', 'stroke-width': 1, 'vector-effect': 'non-scaling-stroke', 'stroke-dasharray': '4 3' });
    data.forced.forEach((forced, i) => forced && data.chances[i] !== undefined &&
      shape('rect', { x: x(i) - 2, y: data.chances[i]! > 0.5 ? 0 : HEIGHT - 6, width: 4, height: 6, fill: '#1450a0', class: 'analysis-forced' }));
    for (const m of data.marks) {
      if (!m.mark) continue;
      const i = m.stone + 1;
      shape('line', { x1: x(i), x2: x(i), y1: 0, y2: HEIGHT, stroke: MARK_COLOUR[m.mark], 'stroke-width': 3, 'vector-effect': 'non-scaling-stroke', class: `analysis-graph-mark ${m.mark}`, 'data-position': i });
    }
    shape('line', { x1: x(data.selected), x2: x(data.selected), y1: 0, y2: HEIGHT, stroke: '#1450a0', 'stroke-width': 2, 'vector-effect': 'non-scaling-stroke', id: 'analysis-graph-selected' });
    const known = data.chances.filter((c) => c !== undefined).length;
    svg.setAttribute('aria-label', `Evaluation graph: Black's winning chance over ${known} of ${data.positions} positions; ${data.marks.filter((m) => m.mark).length} moves marked.`);
  }
}
