/**
 * The replay scene of each game that keeps its finished games (server/history/), by room name.
 * A scene mounts into `view` and returns its unmount; it shows the position after step k with
 * the shared step controls (./step-controls.ts) inside the shared frame (./layout.ts).
 */
import type { FinishedGame } from './finished-game';
import { gomokuReplayScene } from './gomoku-scene';
import { showFlip7Replay } from '../games/flip7/replay';

/** `analyse`: start the engine's analysis at once (Gomoku; `#/replay/<id>?analyse=1`); scenes without one ignore it. */
export interface ReplayOptions {
  analyse?: boolean;
}

export type ReplayScene = (view: HTMLElement, game: FinishedGame, options?: ReplayOptions) => () => void;

export const REPLAY_SCENES: Readonly<Record<string, ReplayScene>> = {
  gomoku: gomokuReplayScene,
  flip7: showFlip7Replay,
};
