/**
 * The controls every replay scene shares: first / back / forward / last, a slider over the
 * steps, ← → (and Home / End) on the keyboard, and the words of the step shown. Step k is the
 * position after k steps (0: before the first). Finger-sized on touch screens (replay.css).
 */
import { h } from '../dom';

export interface StepControlsOptions {
  /** How many steps the game has. */
  count: number;
  /** The step shown first (default: the end, as a shared link is usually about how it ended). */
  initial?: number;
  /** Words for the position after step k. */
  words(k: number): string;
  /** A short name for step k ≥ 1 ("4. f8"), for the list of steps to jump to; no list without it. */
  label?(k: number): string;
  /** Draws the position after step k. */
  show(k: number): void;
}

export interface StepControls {
  readonly element: HTMLElement;
  /** Goes to step k (clamped). */
  go(k: number): void;
  destroy(): void;
}

export function stepControls(options: StepControlsOptions): StepControls {
  const { count } = options;
  let step = -1;
  const button = (id: string, label: string, icon: string, to: () => number) =>
    h('button', { id, type: 'button', 'aria-label': label, title: label, onclick: () => go(to()) }, svgIcon(icon));
  const first = button('replay-first', 'First position', 'M5 4h2.5v16H5zM19 4v16L8.5 12z', () => 0);
  const back = button('replay-back', 'Back one step', 'M17 4v16L6 12z', () => step - 1);
  const forward = button('replay-forward', 'Forward one step', 'M7 4v16l11-8z', () => step + 1);
  const last = button('replay-last', 'Last position', 'M16.5 4H19v16h-2.5zM5 4v16l10.5-8z', () => count);
  const slider = h('input', { id: 'replay-slider', type: 'range', min: 0, max: count, step: 1, value: 0, 'aria-label': 'Step' });
  const position = h('span', { id: 'replay-position', class: 'muted' });
  const words = h('p', { id: 'replay-words', class: 'replay-words', 'aria-live': 'polite' });
  slider.addEventListener('input', () => go(Number(slider.value)));
  const list = options.label && h('ol', { id: 'replay-moves', class: 'replay-moves', 'aria-label': 'Steps' },
    ...Array.from({ length: count }, (_, i) => h('li', {}, h('button', { type: 'button', 'data-step': i + 1, onclick: () => go(i + 1) }, options.label!(i + 1)))));

  function go(k: number) {
    const next = Math.max(0, Math.min(count, Math.round(k)));
    if (next === step) return;
    step = next;
    slider.value = String(step);
    position.textContent = `Step ${step} of ${count}`;
    words.textContent = options.words(step);
    first.disabled = back.disabled = step === 0;
    forward.disabled = last.disabled = step === count;
    list?.querySelector('[aria-current]')?.removeAttribute('aria-current');
    const current = list?.querySelector<HTMLElement>(`[data-step="${step}"]`);
    if (current) {
      current.setAttribute('aria-current', 'step');
      // Keep the current step in view inside the list (its buttons' offsetParent), without scrolling the page.
      list!.scrollTop = Math.max(0, current.offsetTop - list!.clientHeight / 2);
    }
    options.show(step);
  }

  // The slider moves itself with the arrow keys when focused; elsewhere on the page they step.
  const onKey = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement | null;
    if (e.altKey || e.ctrlKey || e.metaKey || target?.closest('input, textarea, select')) return;
    const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: count }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };
  window.addEventListener('keydown', onKey);

  const element = h('div', { class: 'replay-controls', id: 'replay-controls' },
    h('div', { class: 'replay-buttons' }, first, back, forward, last),
    slider,
    position,
    words,
    list ?? null,
    h('p', { class: 'muted keyboard-only replay-hint' }, 'Keys ← and → step through the game.'));
  go(options.initial ?? count);
  return { element, go, destroy: () => window.removeEventListener('keydown', onKey) };
}

/** A 24×24 icon drawn from a path (media-player glyphs like ⏮ are missing from many fonts). */
function svgIcon(path: string): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'replay-icon');
  const shape = document.createElementNS(ns, 'path');
  shape.setAttribute('d', path);
  svg.append(shape);
  return svg;
}
