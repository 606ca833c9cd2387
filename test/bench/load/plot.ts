/**
 * The sweep as an SVG line chart, written by hand (no plotting dependency): latency
 * percentiles against offered load, one colour per implementation, one dash per percentile,
 * both axes logarithmic.
 */
import type { LoadFigures } from './runs';

const COLOURS: Record<string, string> = { 'parlor': '#d62728', 'parlor+redis': '#9467bd', 'colyseus': '#2ca02c', 'colyseus+redis': '#8c564b', 'bare ws': '#1f77b4' };
const PERCENTILES = [
  { key: 'p50', label: 'p50', dash: '' },
  { key: 'p99', label: 'p99', dash: '8 4' },
  { key: 'p999', label: 'p99.9', dash: '2 3' },
] as const;

const W = 760;
const H = 460;
const PAD = { left: 64, right: 170, top: 40, bottom: 52 };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const decades = (lo: number, hi: number) => {
  const out: number[] = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) out.push(10 ** e);
  return out;
};

export function sweepSvg(title: string, points: LoadFigures[]): string {
  const usable = points.filter((p) => Number.isFinite(p.median.p50) && p.median.p50 > 0);
  if (!usable.length) return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="80"><text x="10" y="40">no data</text></svg>\n`;
  const rates = usable.map((p) => p.rate);
  const values = usable.flatMap((p) => PERCENTILES.map((q) => p.median[q.key])).filter((v) => Number.isFinite(v) && v > 0);
  const [xLo, xHi] = [Math.min(...rates) / 1.2, Math.max(...rates) * 1.2];
  const yTicks = decades(Math.min(...values), Math.max(...values));
  const [yLo, yHi] = [yTicks[0], yTicks[yTicks.length - 1]];
  const x = (v: number) => PAD.left + ((Math.log(v) - Math.log(xLo)) / (Math.log(xHi) - Math.log(xLo))) * (W - PAD.left - PAD.right);
  const y = (v: number) => H - PAD.bottom - ((Math.log(v) - Math.log(yLo)) / (Math.log(yHi) - Math.log(yLo))) * (H - PAD.top - PAD.bottom);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${PAD.left}" y="22" font-size="14" font-weight="bold">${esc(title)}</text>`,
  ];
  for (const t of yTicks) {
    out.push(`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(t)}" y2="${y(t)}" stroke="#ddd"/>`);
    out.push(`<text x="${PAD.left - 6}" y="${y(t) + 4}" text-anchor="end">${t >= 1 ? t : t.toPrecision(1)} ms</text>`);
  }
  for (const r of [...new Set(rates)]) {
    out.push(`<line x1="${x(r)}" x2="${x(r)}" y1="${PAD.top}" y2="${H - PAD.bottom}" stroke="#eee"/>`);
    out.push(`<text x="${x(r)}" y="${H - PAD.bottom + 16}" text-anchor="middle">${r}</text>`);
  }
  out.push(`<text x="${(PAD.left + W - PAD.right) / 2}" y="${H - 12}" text-anchor="middle">offered load (actions/s, one per room per second), log scale</text>`);
  out.push(`<rect x="${PAD.left}" y="${PAD.top}" width="${W - PAD.left - PAD.right}" height="${H - PAD.top - PAD.bottom}" fill="none" stroke="#888"/>`);
  let legendY = PAD.top + 4;
  for (const variant of [...new Set(usable.map((p) => p.variant))]) {
    const series = usable.filter((p) => p.variant === variant).sort((a, b) => a.rate - b.rate);
    const colour = COLOURS[variant] ?? '#333';
    for (const q of PERCENTILES) {
      const pts = series.filter((p) => p.median[q.key] > 0).map((p) => `${x(p.rate).toFixed(1)},${y(p.median[q.key]).toFixed(1)}`);
      out.push(`<polyline fill="none" stroke="${colour}" stroke-width="2" stroke-dasharray="${q.dash}" points="${pts.join(' ')}"/>`);
      for (const pt of pts) out.push(`<circle cx="${pt.split(',')[0]}" cy="${pt.split(',')[1]}" r="2.5" fill="${colour}"/>`);
      out.push(`<line x1="${W - PAD.right + 12}" x2="${W - PAD.right + 42}" y1="${legendY}" y2="${legendY}" stroke="${colour}" stroke-width="2" stroke-dasharray="${q.dash}"/>`);
      out.push(`<text x="${W - PAD.right + 48}" y="${legendY + 4}">${esc(variant)} ${q.label}</text>`);
      legendY += 18;
    }
    legendY += 6;
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}
