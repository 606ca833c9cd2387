/** The replay scene (./scene.ts) of each game that keeps its finished games (server/history/), by room name. */
import type { ReplayScene } from './scene';
import { gomokuReplayScene } from './gomoku-scene';
import { showFlip7Replay } from '../games/flip7/replay';

export const REPLAY_SCENES: Readonly<Record<string, ReplayScene>> = {
  gomoku: gomokuReplayScene,
  flip7: showFlip7Replay,
};
