/**
 * The end of a game at a table, as every table shows it: the result panel (`#result`: the result
 * in words, notes under it, a row of actions), the Rematch button that follows the players'
 * votes, and the link to the finished game's replay once it is kept.
 */
import type { Room } from '@colyseus/sdk';
import { h } from './dom';
import { replayLink } from './replay/replay-link';

type Child = Node | string;

export interface GameOverPanel {
  /** `#result`, hidden while the game goes on. */
  readonly element: HTMLElement;
  /** Shows `text` (`#result-text`) with `notes` under it and `actions` in a row; hides the panel when `text` is null. */
  show(text: string | null, actions?: Child[], notes?: Child[]): void;
}

export function gameOverPanel(): GameOverPanel {
  const element = h('div', { id: 'result', class: 'result', hidden: true });
  return {
    element,
    show(text, actions = [], notes = []) {
      element.hidden = text === null;
      if (text !== null) element.replaceChildren(h('strong', { id: 'result-text' }, text), ...notes, h('div', { class: 'result-actions' }, ...actions));
    },
  };
}

/**
 * `#rematch` for a player: "Rematch", "Accept rematch" once another asked, "Rematch asked" (and
 * disabled) once this client did. `votes`: the table's synced `rematchVotes`; `label` replaces
 * the words (e.g. against the computer, which always accepts).
 */
export function rematchButton(room: Room, votes: Iterable<string>, label?: string): HTMLButtonElement {
  const asked = [...votes];
  const mine = asked.includes(room.sessionId);
  return h('button', { id: 'rematch', class: 'primary', disabled: mine, onclick: () => room.send('rematch', {}) },
    label ?? (mine ? 'Rematch asked' : asked.length ? 'Accept rematch' : 'Rematch'));
}

/** `#replay-link` to the finished game's replay; nothing while it is not kept (`replayId` is '' until then). */
export function replayAction(replayId: string | undefined): HTMLAnchorElement | '' {
  return replayId ? Object.assign(replayLink(replayId), { id: 'replay-link' }) : '';
}
