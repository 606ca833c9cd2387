/** The link from a finished table (its end-of-game screen) to the game's replay. */
import { h } from '../dom';

/** `replayId`: the table's synced `replayId`, set once the finished game is kept ('' before). */
export function replayLink(replayId: string): HTMLAnchorElement {
  return h('a', { class: 'button replay-link', href: `#/replay/${encodeURIComponent(replayId)}` }, 'Replay this game');
}
