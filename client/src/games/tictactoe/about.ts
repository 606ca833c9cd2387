/** What this game is, for players: the lobby's line and its "How to play" (../about.ts). */
import type { AboutGame } from '../about';

export const tictactoeAbout: AboutGame = {
  blurb: 'Three in a row against an AI that learns from every game it plays.',
  rules: [
    'You and the AI take turns marking a square; X moves first. Three of your marks in a line wins; a full board is a draw.',
    'Tap a square, or on a keyboard press 1–9 laid out like a numeric keypad (7 8 9 on top).',
    'The AI learns from the result of every game (Q-learning), so it gets harder to beat.',
  ],
};
