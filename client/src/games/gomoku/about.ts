/** What this game is, for players: the lobby's line and its "How to play" (../about.ts). */
import type { AboutGame } from '../about';

export const gomokuAbout: AboutGame = {
  blurb: 'Five in a row on a 15×15 board, against a friend or the computer, with the Swap 2 opening that keeps it fair.',
  rules: [
    'Players take turns placing a stone on an empty intersection. Five of your stones in an unbroken line — across, down or diagonal — wins.',
    'Standard rule: exactly five wins; six or more in a row (an overline) does not count and play goes on. Freestyle: five or more wins.',
    'Swap 2 opening: the first player places three stones (black, white, black). The second player then chooses: play White (and place the fourth stone), play Black, or place two more stones (white, then black) and let the first player choose the colour.',
    'After the opening White moves next; without Swap 2, Black moves first.',
    'Each move has a clock; when it runs out, a random legal stone is played for you. You may resign at any time.',
  ],
};
