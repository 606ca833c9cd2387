/**
 * A game's client part, as the lobby and the router see it: where its tables live
 * (`#/<path>/<roomId>`), its scene, its lobby form and how its rooms read in the list.
 * Each game's folder exports one (`client/src/games/<game>/index.ts`); registry.ts lists them.
 */
import { h, toast } from '../dom';
import { client, forgetRefusedToken, handOver, saveName } from '../net';
import { currentName } from '../name';
import type { AboutGame } from './about';
import type { FinishedGame } from '../../../shared/core/finished-game';

export interface Listing {
  game?: string;
  players?: string[];
  phase?: string;
  spectators?: number;
  open?: boolean;
  [field: string]: unknown;
}

/** `analyse`: start the engine's analysis at once (Gomoku; `#/replay/<id>?analyse=1`); scenes without one ignore it. */
export interface ReplayOptions {
  analyse?: boolean;
}

/**
 * A game's replay scene: it mounts into `view` and returns its unmount; it shows the position
 * after step k with the shared step controls (replay/step-controls.ts) inside the shared frame
 * (replay/layout.ts).
 */
export type ReplayScene = (view: HTMLElement, game: FinishedGame, options?: ReplayOptions) => () => void;

export interface ClientGame {
  /** The server's room name. */
  readonly room: string;
  /** The URL segment of its tables. */
  readonly path: string;
  readonly label: string;
  /** What it is and how to play, for the lobby (its folder's `about.ts`). */
  readonly about: AboutGame;
  /** Mounts the table; resolves to its unmount. */
  show(view: HTMLElement, roomId: string, watch: boolean): Promise<() => void>;
  /** The lobby card that starts one; games with the same `group` share a card. */
  readonly lobby: { group: string; controls(): HTMLElement[] };
  /** The lobby list's second column: the room's settings. */
  describe(listing: Listing): string;
  /** Words for the game's phases in the lobby list. */
  readonly phases?: Readonly<Record<string, string>>;
  /** How a finished game of it replays at `#/replay/<id>` (games that keep their finished games, server/history/). */
  readonly replay?: ReplayScene;
  /** Pages of the game's own besides its tables (Gomoku's analysis board), matched on the whole hash. */
  readonly pages?: readonly GamePage[];
}

export interface GamePage {
  /** The hash it answers, e.g. /^#\/analysis(\?|$)/. */
  readonly hash: RegExp;
  /** Mounts the page; resolves to its unmount. A page loads its code when opened (a dynamic import). */
  show(view: HTMLElement): Promise<() => void>;
}

/** A button that creates a room of `game` with the form's options and opens it. */
export function createButton(id: string, label: string, game: Pick<ClientGame, 'room' | 'path'>, options: () => Record<string, unknown> = () => ({})): HTMLButtonElement {
  const button = h('button', { id, class: 'primary' }, label);
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      saveName(currentName());
      const created = await client.create(game.room, { name: currentName(), ...options() });
      handOver(created);
      location.hash = `#/${game.path}/${created.roomId}`;
    } catch (err) {
      toast(`Could not create the game: ${(err as Error).message}`);
      forgetRefusedToken(err);
      button.disabled = false;
    }
  });
  return button;
}
