/** How a Dots and Boxes game ended, in words (the table's result and the replay's). */
export const ENDINGS: Record<string, string> = { boxes: 'more boxes', resigned: 'resignation', time: 'the clock', left: 'a player left' };
