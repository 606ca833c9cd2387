/**
 * Stepping back through a live game without leaving it: first / back / forward / Live buttons
 * and ← → (Home, End) on the page. `step` is how many of the game's steps are shown (Gomoku's
 * stones, Flip 7's log entries), or null for the live table; new steps keep arriving
 * underneath, and Live (or stepping past the last one) returns to the present.
 */
import { h } from '../dom';
import './review.css';

/** What one step is called on the buttons ("move": "Back one move"). */
export type StepNoun = 'move' | 'step';

export class Review {
  /** Steps shown, or null: the live table. */
  step: number | null = null;
  readonly controls: HTMLElement;
  private readonly status = h('span', { id: 'review-status', class: 'review-status', 'aria-live': 'off' });
  private readonly onKey = (e: KeyboardEvent) => this.key(e);

  constructor(
    /** Steps in the game so far. */
    private readonly total: () => number,
    /** Whether stepping back is offered now (spectators, and everyone after the game). */
    private readonly allowed: () => boolean,
    /** Words for the position after `step` steps, e.g. "Move 5 of 12: Black h9". */
    private readonly describe: (step: number, total: number) => string,
    private readonly changed: () => void,
    noun: StepNoun = 'move',
  ) {
    const button = (id: string, label: string, text: string, go: () => void) => h('button', { id, type: 'button', 'aria-label': label, title: label, onclick: go }, text);
    this.controls = h('div', { id: 'review', class: 'review', role: 'group', 'aria-label': `Step through the ${noun}s` },
      button('review-first', noun === 'move' ? 'First move' : 'First step', '«', () => this.go(0)),
      button('review-back', `Back one ${noun}`, '◀', () => this.go((this.step ?? this.total()) - 1)),
      button('review-forward', `Forward one ${noun}`, '▶', () => this.go((this.step ?? this.total()) + 1)),
      button('review-live', 'Back to the live game', 'Live', () => this.go(null)),
      this.status);
    window.addEventListener('keydown', this.onKey);
  }

  destroy(): void {
    window.removeEventListener('keydown', this.onKey);
  }

  /** Shows the position after `step` steps; null, or any step at or past the end, is live. */
  go(step: number | null): void {
    const next = step === null || step >= this.total() ? null : Math.max(0, step);
    if (next === this.step) return;
    this.step = next;
    this.changed();
  }

  /** The number of steps to draw now. */
  shown(): number {
    return this.step ?? this.total();
  }

  /** Brings the controls up to date (and drops a review the viewer may no longer make). */
  render(): void {
    if (!this.allowed() && this.step !== null) this.go(null);
    this.controls.hidden = !this.allowed();
    const total = this.total();
    const at = this.shown();
    this.controls.classList.toggle('reviewing', this.step !== null);
    (this.controls.querySelector('#review-first') as HTMLButtonElement).disabled = at === 0;
    (this.controls.querySelector('#review-back') as HTMLButtonElement).disabled = at === 0;
    (this.controls.querySelector('#review-forward') as HTMLButtonElement).disabled = this.step === null;
    (this.controls.querySelector('#review-live') as HTMLButtonElement).disabled = this.step === null;
    this.status.textContent = this.step === null ? 'Live' : this.describe(at, total);
  }

  private key(e: KeyboardEvent): void {
    if (!this.allowed() || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement | null;
    if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
    const now = this.shown();
    const to: Record<string, number | null> = { ArrowLeft: now - 1, ArrowRight: now + 1, Home: 0, End: null };
    if (!(e.key in to)) return;
    e.preventDefault();
    this.go(to[e.key]);
  }
}
