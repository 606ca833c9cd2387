/** What this game is, for players: the lobby's line and its "How to play" (../about.ts). */
import type { AboutGame } from '../about';

export const tenAbout: AboutGame = {
  blurb: 'A 17×10 board of ghosts: drag rectangles that add up to exactly 10 and clear as many as you can.',
  rules: [
    'Every ghost has a power from 1 to 9. Drag a rectangle over the board: if the ghosts inside add up to exactly 10, they are exorcised.',
    'Each ghost exorcised scores one point. Cleared squares count as 0, so later rectangles can reach across them.',
    'The game ends when no rectangle on the board adds up to 10.',
    'The board comes from a seed: the same seed gives the same board. Export your session and the server replays it to verify your score.',
  ],
};
