/** The `tournament` room's error codes are the wire contract: docs/protocol.md (or docs/security.md) lists each. */
import { TOURNAMENT_ERROR_CODES } from '../../../server/tournaments/errors';
import { contractMentions } from '../../support/contract';

it('docs/protocol.md lists every tournament error code', () => {
  expect(TOURNAMENT_ERROR_CODES.filter((code) => !contractMentions(code))).toEqual([]);
});
