/** The codes the `tournament` room answers with (docs/protocol.md lists each: it is the contract). */
export const TOURNAMENT_ERROR_CODES = [
  'invalid_payload', 'unknown_message', 'rate_limited', 'internal',
  'auth_required', 'account_required', 'not_registered', 'not_playing', 'event_finished', 'late_join_closed', 'arena_only',
  'game_not_started', 'berserk_too_late', 'berserk_unavailable',
] as const;
export type TournamentErrorCode = (typeof TOURNAMENT_ERROR_CODES)[number];
