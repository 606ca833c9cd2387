/**
 * What each game is, for players: a one-line description and a short "How to play", keyed by
 * the server's room name; the lobby shows them beside each game's form. Written from the rules
 * the server plays (/work/shared RULES-RESEARCH.md and RULINGS.md), in a player's words.
 */
import { h } from '../dom';

export interface AboutGame {
  /** One line under the game's name. */
  readonly blurb: string;
  /** The rules, a sentence or two each. */
  readonly rules: readonly string[];
}

export const ABOUT: Readonly<Record<string, AboutGame>> = {
  gomoku: {
    blurb: 'Five in a row on a 15×15 board, against a friend or the computer, with the Swap 2 opening that keeps it fair.',
    rules: [
      'Players take turns placing a stone on an empty intersection. Five of your stones in an unbroken line — across, down or diagonal — wins.',
      'Standard rule: exactly five wins; six or more in a row (an overline) does not count and play goes on. Freestyle: five or more wins.',
      'Swap 2 opening: the first player places three stones (black, white, black). The second player then chooses: play White (and place the fourth stone), play Black, or place two more stones (white, then black) and let the first player choose the colour.',
      'After the opening White moves next; without Swap 2, Black moves first.',
      'Each move has a clock; when it runs out, a random legal stone is played for you. You may resign at any time.',
    ],
  },
  flip7: {
    blurb: 'The push-your-luck card game for 3 to 18: flip number cards, stay before you bust, first to 200 wins.',
    rules: [
      'On your turn, Hit (take a card) or Stay (bank the points in front of you and sit out the rest of the round).',
      'Drawing a number you already have busts you: you score nothing this round. Seven different numbers is a Flip 7: +15, and the round ends for everyone.',
      'Your score: the sum of your numbers, doubled by ×2, plus any +2 to +10 cards. Modifiers never bust you.',
      'Freeze: the player you give it to banks their points and is out of the round. Flip Three: they must take the next three cards. Second Chance: keep it — it cancels one duplicate number (that card and the Second Chance are discarded).',
      'The dealer (marked at the table) passes to the left each round. When a round ends with someone at 200 or more, the highest total wins.',
    ],
  },
  monty_hall: {
    blurb: 'The famous game-show puzzle: pick a door, the host opens a goat, then stick or switch — and watch the statistics.',
    rules: [
      'A car is behind one of three doors, goats behind the other two. Pick a door.',
      'The host, who knows where the car is, opens another door with a goat (at random when both others hide goats).',
      'Stick with your door or switch to the last closed one. Then every door opens.',
      'The chart counts how often sticking and switching won — your games and everyone’s — with 90/95/99% Wilson score intervals. In theory sticking wins 1 time in 3, switching 2 in 3.',
    ],
  },
  tictactoe: {
    blurb: 'Three in a row against an AI that learns from every game it plays.',
    rules: [
      'You and the AI take turns marking a square; X moves first. Three of your marks in a line wins; a full board is a draw.',
      'Tap a square, or on a keyboard press 1–9 laid out like a numeric keypad (7 8 9 on top).',
      'The AI learns from the result of every game (Q-learning), so it gets harder to beat.',
    ],
  },
  ten_exorcism: {
    blurb: 'A 17×10 board of ghosts: drag rectangles that add up to exactly 10 and clear as many as you can.',
    rules: [
      'Every ghost has a power from 1 to 9. Drag a rectangle over the board: if the ghosts inside add up to exactly 10, they are exorcised.',
      'Each ghost exorcised scores one point. Cleared squares count as 0, so later rectangles can reach across them.',
      'The game ends when no rectangle on the board adds up to 10.',
      'The board comes from a seed: the same seed gives the same board. Export your session and the server replays it to verify your score.',
    ],
  },
};

/** A game's description and its "How to play" disclosure, or nothing for a game without one. */
export function aboutBlock(room: string, label: string): HTMLElement | null {
  const about = ABOUT[room];
  if (!about) return null;
  return h('div', { class: 'about', 'data-game': room },
    h('h3', { class: 'about-title' }, label),
    h('p', { class: 'about-blurb' }, about.blurb),
    h('details', { class: 'how-to-play' },
      h('summary', {}, 'How to play'),
      h('ul', {}, ...about.rules.map((rule) => h('li', {}, rule)))));
}
