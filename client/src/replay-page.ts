/** `#/replay/<id>`: a finished game, loaded from `GET /api/games/<id>` and shown by its game's scene. */
import { h } from './dom';
import { fetchFinishedGame, type FinishedGame } from './replay/finished-game';
import { gameOfRoom } from './games/registry';
import type { ReplayOptions } from './games/client-game';

export async function showReplay(view: HTMLElement, id: string, options: ReplayOptions = {}): Promise<() => void> {
  let game: FinishedGame | null;
  try {
    game = await fetchFinishedGame(id);
  } catch (err) {
    return missing(view, `The game could not be loaded: ${(err as Error).message}.`);
  }
  if (!game) return missing(view, 'There is no finished game at this address. Games are kept for 30 days; the link may be older, or mistyped.');
  const scene = gameOfRoom(game.game)?.replay;
  if (!scene) return missing(view, 'This game has no replay view yet.');
  return scene(view, game, options);
}

function missing(view: HTMLElement, message: string): () => void {
  view.append(h('section', { class: 'card wide replay-missing', id: 'replay-missing' },
    h('h2', {}, 'Game not found'),
    h('p', {}, message),
    h('a', { class: 'button primary', href: '#/' }, 'Go to the lobby')));
  return () => undefined;
}
