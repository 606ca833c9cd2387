/** Tic Tac Toe's error codes: the rules' rejections, and the ones the room adds (README, "tictactoe"). */
export const TTT_RULE_CODES = ['invalid_key', 'occupied', 'game_over'] as const;
export const TTT_ERROR_CODES = [...TTT_RULE_CODES, 'not_your_turn', 'game_in_progress'] as const;
export type TttTableErrorCode = (typeof TTT_ERROR_CODES)[number];
