/** Flip 7's error codes: the rules' rejections, and the ones the table adds (README, "The flip7 room"). */
export const FLIP7_RULE_CODES = ['game_over', 'wrong_phase', 'not_your_turn', 'not_a_player', 'no_cards', 'invalid_target', 'choice_pending', 'invalid_action'] as const;
export const FLIP7_ERROR_CODES = [...FLIP7_RULE_CODES, 'not_host', 'not_enough_players', 'not_started'] as const;
