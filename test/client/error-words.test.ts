/** Toasts in words (client/src/error-words.ts): a server's code never reaches the player as a code. */
import { inWords } from '../../client/src/error-words';

describe('inWords: the one mapping from a code to words', () => {
  it('drops a code that leads words of its own', () => {
    expect(inWords('Ranked play unavailable: account_too_new: ranked play opens 24 h after an account is made (in 23 h)'))
      .toBe('Ranked play unavailable: ranked play opens 24 h after an account is made (in 23 h)');
    expect(inWords('auth_required: invalid_token: the token is not valid')).toBe('the token is not valid');
  });

  it('puts a code alone in words, a known one by the mapping and any other by its words', () => {
    expect(inWords('Could not open the game: rate_limited')).toBe('Could not open the game: too many requests: wait a moment and try again');
    expect(inWords('too_many_rooms')).toBe('you have too many tables open: close one first');
    expect(inWords('Refused: seat_gone_elsewhere')).toBe('Refused: seat gone elsewhere');
  });

  it('leaves words without codes as they are', () => {
    for (const text of ['Signed in as Ada', 'Link copied', 'Disconnected from the table. Reload the page to come back.', 'Could not open the game: room "abc" not found']) {
      expect(inWords(text)).toBe(text);
    }
  });

  it('leaves no code of the rooms\' and the table\'s registries in a toast', () => {
    const codes = ['invalid_payload', 'unknown_message', 'rate_limited', 'not_started', 'not_host', 'not_enough_players', 'wrong_phase', 'already_asked', 'storage_unavailable', 'too_many_rooms', 'account_too_new', 'auth_required'];
    for (const code of codes) expect(inWords(`Refused: ${code}`)).not.toMatch(/_/);
  });
});
