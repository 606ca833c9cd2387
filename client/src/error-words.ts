/**
 * The one mapping from the server's codes to words for people. Refusals reach the page as
 * `code: words` (a matchmaking error's message: `account_too_new: ranked play opens 24 h after…`,
 * `auth_required: invalid_token: …`) or as a bare code; every toast passes through `inWords`,
 * so a player reads the words and never the code.
 */
const WORDS: Record<string, string> = {
  account_too_new: 'your account is too new for rated play',
  account_required: 'rated play needs an account with an email and a password',
  auth_required: 'sign in first',
  invalid_token: 'you were signed out: sign in again',
  token_expired: 'your sign-in has expired: sign in again',
  token_revoked: 'you were signed out: sign in again',
  account_deleted: 'this account was deleted',
  invalid_credentials: 'wrong email or password',
  invalid_payload: 'the server did not understand that',
  invalid_body: 'the server did not understand that',
  unknown_message: 'the server did not understand that',
  spectator: 'you are watching this table, not playing',
  rate_limited: 'too many requests: wait a moment and try again',
  internal: 'the server could not handle that',
  not_started: 'the game has not started yet',
  not_host: 'only the table’s host can do that',
  not_enough_players: 'more players are needed first',
  wrong_phase: 'that cannot be done at this point of the game',
  already_asked: 'you already asked',
  ranked: 'a rated game does not allow that',
  storage_unavailable: 'the server cannot save games right now: try again in a moment',
  too_many_rooms: 'you have too many tables open: close one first',
  too_many_computer_games: 'you have too many games against the computer open: finish one first',
  not_found: 'not found',
  late_join_closed: 'this Swiss event is past half its rounds: joining is closed',
  arena_only: 'that is for arenas only',
};

/** A code: lower-case words joined by underscores (`account_too_new`), never a plain word. */
const CODE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;
/** A code that leads words of its own (`code: words`): the words say it better, so the code goes. */
const LEADING_CODE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+:\s+(?=\S)/g;

/** `text` with every code in it made words: a code before words of its own is dropped, a code alone is put in words. */
export function inWords(text: string): string {
  return text.replace(LEADING_CODE, '').replace(CODE, (code) => WORDS[code] ?? code.replace(/_/g, ' '));
}
