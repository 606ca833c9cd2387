/** The links from a finished game (a table's end-of-game screen, the player and match pages) to its replay and its analysis. */
import { h } from '../dom';

/** `replayId`: the table's synced `replayId`, set once the finished game is kept ('' before). */
export function replayLink(replayId: string): HTMLAnchorElement {
  return h('a', { class: 'button replay-link', href: `#/replay/${encodeURIComponent(replayId)}` }, 'Replay this game');
}

/**
 * The finished Gomoku game's replay with the engine's analysis started (`#/replay/<id>?analyse=1`).
 * Only ever built from a kept game's id, which a table has only once its game is over: a live
 * game has no analysis, for its players and spectators alike.
 */
export function analyseLink(replayId: string): HTMLAnchorElement {
  return h('a', { class: 'button analyse-link', href: `#/replay/${encodeURIComponent(replayId)}?analyse=1` }, 'Analyse');
}
