/** How a Connect Four game ended, in words (the table's result and the replay's). */
export const ENDINGS: Record<string, string> = { four: 'four in a row', full: 'the grid is full', resigned: 'resignation', time: 'the clock', left: 'a player left' };
