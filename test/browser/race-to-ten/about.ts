/** What race to ten is, for players: the lobby's line and its "How to play" (client/src/games/about.ts). */
import type { AboutGame } from '../../../client/src/games/about';

export const raceAbout: AboutGame = {
  blurb: 'Two players take turns adding one or two to a running total; whoever reaches ten wins.',
  rules: ['On your turn add 1 or 2 to the total.', 'The player whose addition brings the total to ten wins.'],
};
