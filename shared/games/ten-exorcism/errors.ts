/** Ten Exorcism's error codes (README, "ten_exorcism"). */
export const TEN_ERROR_CODES = ['game_over', 'too_many_attempts'] as const;
export type TenErrorCode = (typeof TEN_ERROR_CODES)[number];
