/** Gomoku's error codes: the rules' rejections, and the ones the table adds (README, "Error codes"). */
export const GOMOKU_RULE_CODES = ['game_over', 'wrong_phase', 'not_your_turn', 'not_a_player', 'out_of_range', 'occupied', 'invalid_choice', 'invalid_action'] as const;
/** A join refused because its address or player already plays as many games against the computer as allowed (first in the error's message). */
export const TOO_MANY_COMPUTER_GAMES = 'too_many_computer_games';
export const GOMOKU_ERROR_CODES = [...GOMOKU_RULE_CODES, 'not_started', 'already_asked', 'ranked', TOO_MANY_COMPUTER_GAMES] as const;
