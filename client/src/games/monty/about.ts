/** What this game is, for players: the lobby's line and its "How to play" (../about.ts). */
import type { AboutGame } from '../about';

export const montyAbout: AboutGame = {
  blurb: 'The famous game-show puzzle: pick a door, the host opens a goat, then stick or switch — and watch the statistics.',
  rules: [
    'A car is behind one of three doors, goats behind the other two. Pick a door.',
    'The host, who knows where the car is, opens another door with a goat (at random when both others hide goats).',
    'Stick with your door or switch to the last closed one. Then every door opens.',
    'The chart counts how often sticking and switching won — your games and everyone’s — with 90/95/99% Wilson score intervals. In theory sticking wins 1 time in 3, switching 2 in 3.',
  ],
};
