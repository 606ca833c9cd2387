/** The move list beside the board (below it on a phone): the entries of move-list.ts as HTML. */
import { h } from '../../dom';
import type { MoveEntry } from './move-list';

export interface MoveListOptions {
  /** Stones on the board as shown (the live count, or a review's step). */
  shown: number;
  nameOfSeat: (seat: number) => string;
  /** Given: entries are buttons that show the position after them. */
  pick?: (step: number) => void;
}

export function moveListItems(entries: MoveEntry[], o: MoveListOptions): HTMLElement[] {
  return entries.map((e) => {
    if (e.kind === 'choice') return h('li', { class: 'move-choice', 'data-step': e.step }, `${o.nameOfSeat(e.seat)} ${e.words}`);
    const label = `${e.n}. ${e.colour === 'black' ? 'Black' : 'White'} ${e.point}${e.opening ? ' (opening)' : ''}`;
    const body = [h('span', { class: 'move-n' }, `${e.n}.`), h('span', { class: `stone-icon ${e.colour}`, 'aria-hidden': 'true' }), h('span', { class: 'move-point' }, e.point)];
    const current = e.step === o.shown;
    const cls = `move${e.opening ? ' opening' : ''}${current ? ' current' : ''}`;
    return h('li', { class: cls, 'data-step': e.step }, o.pick
      ? h('button', { type: 'button', 'aria-label': label, 'aria-current': current ? 'step' : undefined, onclick: () => o.pick!(e.step) }, ...body)
      : h('span', { 'aria-label': label }, ...body));
  });
}
