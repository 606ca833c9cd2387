/** Monty Hall's error codes (README, "monty_hall"). */
export const MONTY_ERROR_CODES = ['invalid_phase', 'invalid_door', 'invalid_strategy', 'game_complete'] as const;
export type MontyErrorCode = (typeof MONTY_ERROR_CODES)[number];
