/**
 * What a game's replay scene is (its registry: ./registry.ts). A scene mounts into `view` and
 * returns its unmount; it shows the position after step k with the shared step controls
 * (./step-controls.ts) inside the shared frame (./layout.ts).
 */
import type { FinishedGame } from './finished-game';

/** `analyse`: start the engine's analysis at once (Gomoku; `#/replay/<id>?analyse=1`); scenes without one ignore it. */
export interface ReplayOptions {
  analyse?: boolean;
}

export type ReplayScene = (view: HTMLElement, game: FinishedGame, options?: ReplayOptions) => () => void;
