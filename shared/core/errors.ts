/**
 * The error codes a client may receive, as one typed registry: the codes every room shares
 * here, and each game's own beside its rules (`shared/games/<game>/errors.ts`). A room can only send a
 * code from the registry (ParlorRoom.reject is typed by it), and a test checks that README.md
 * lists every one: the README is the contract.
 */
export const COMMON_ERROR_CODES = ['invalid_payload', 'unknown_message', 'spectator', 'rate_limited', 'internal'] as const;
export type CommonErrorCode = (typeof COMMON_ERROR_CODES)[number];

/** The codes the table and its policies (rematch, ranked series) send, besides the rules' own. */
export const TABLE_ERROR_CODES = ['not_started', 'not_host', 'not_enough_players', 'wrong_phase', 'already_asked', 'ranked', 'storage_unavailable', 'too_many_rooms'] as const;
export type TableErrorCode = (typeof TABLE_ERROR_CODES)[number];

/**
 * The words of the refusal a single-player room gives a second player (a matchmaking error,
 * whose code is Colyseus's generic one): the client recognises it by them and offers to watch.
 */
export const SOMEONE_ELSES_GAME = "this is someone else's game";
