/** What this game is, for players: the lobby's line and its "How to play" (../about.ts). */
import type { AboutGame } from '../about';

export const flip7About: AboutGame = {
  blurb: 'The push-your-luck card game for 3 to 18: flip number cards, stay before you bust, first to 200 wins.',
  rules: [
    'On your turn, Hit (take a card) or Stay (bank the points in front of you and sit out the rest of the round).',
    'Drawing a number you already have busts you: you score nothing this round. Seven different numbers is a Flip 7: +15, and the round ends for everyone.',
    'Your score: the sum of your numbers, doubled by ×2, plus any +2 to +10 cards. Modifiers never bust you.',
    'Freeze: the player you give it to banks their points and is out of the round. Flip Three: they must take the next three cards. Second Chance: keep it — it cancels one duplicate number (that card and the Second Chance are discarded).',
    'The dealer (marked at the table) passes to the left each round. When a round ends with someone at 200 or more, the highest total wins.',
  ],
};
