/** What this game is, for players: the lobby's line and its "How to play" (../about.ts). */
import type { AboutGame } from '../about';

export const dotsAndBoxesAbout: AboutGame = {
  blurb: 'Join the dots one line at a time and close more boxes than your friend — finish a box and you go again.',
  rules: [
    'The grid has 6 × 6 dots, so 25 boxes. On your turn draw one line between two dots next to each other, across or down: tap or click near it.',
    'Draw the fourth side of a box and it is yours (in your colour), and you draw again at once. If the line closes two boxes you take both, and still draw just once more.',
    'When every line is drawn, whoever has more boxes wins. Each line has a clock: when it runs out, that player loses. You may resign at any time.',
  ],
};
