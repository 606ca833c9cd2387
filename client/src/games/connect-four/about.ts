/** What this game is, for players: the lobby's line and its "How to play" (../about.ts). */
import type { AboutGame } from '../about';

export const connectFourAbout: AboutGame = {
  blurb: 'Drop discs into a seven-column grid and be the first to line up four — against a friend, live.',
  rules: [
    'The grid has 7 columns of 6. On your turn drop one disc into a column that is not full: it falls to the lowest free space.',
    'Four of your discs in a row — across, up and down, or diagonally — wins. A full grid without four in a row is a draw.',
    'The first player (red) drops first, then you take turns. Each turn has a clock: when it runs out, that player loses. You may resign at any time.',
  ],
};
