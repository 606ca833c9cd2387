/** Gomoku's error codes: the rules' rejections, and the ones the table adds (README, "Error codes"). */
export const GOMOKU_RULE_CODES = ['game_over', 'wrong_phase', 'not_your_turn', 'not_a_player', 'out_of_range', 'occupied', 'invalid_choice', 'invalid_action'] as const;
export const GOMOKU_ERROR_CODES = [...GOMOKU_RULE_CODES, 'not_started', 'already_asked', 'ranked'] as const;
