/**
 * What a game is, for players: a one-line description and a short "How to play", which the
 * lobby shows beside each game's form. Each game's own text is in its folder (`about.ts`,
 * `ClientGame.about`), written from the rules the server plays, in a player's words.
 */
import { h } from '../dom';

export interface AboutGame {
  /** One line under the game's name. */
  readonly blurb: string;
  /** The rules, a sentence or two each. */
  readonly rules: readonly string[];
}


/** A game's description and its "How to play" disclosure. */
export function aboutBlock(room: string, label: string, about: AboutGame): HTMLElement {
  return h('div', { class: 'about', 'data-game': room },
    h('h3', { class: 'about-title' }, label),
    h('p', { class: 'about-blurb' }, about.blurb),
    h('details', { class: 'how-to-play' },
      h('summary', {}, 'How to play'),
      h('ul', {}, ...about.rules.map((rule) => h('li', {}, rule)))));
}
