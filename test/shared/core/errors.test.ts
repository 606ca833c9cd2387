import { COMMON_ERROR_CODES, TABLE_ERROR_CODES } from '../../../shared/core/errors';
import { FLIP7_ERROR_CODES } from '../../../shared/games/flip7';
import { GOMOKU_ERROR_CODES } from '../../../shared/games/gomoku';
import { MONTY_ERROR_CODES } from '../../../shared/games/monty-hall';
import { TEN_ERROR_CODES } from '../../../shared/games/ten-exorcism';
import { TTT_ERROR_CODES } from '../../../shared/games/tictactoe';
import { contractMentions } from '../../support/contract';

const registry = { common: COMMON_ERROR_CODES, table: TABLE_ERROR_CODES, gomoku: GOMOKU_ERROR_CODES, flip7: FLIP7_ERROR_CODES, monty_hall: MONTY_ERROR_CODES, tictactoe: TTT_ERROR_CODES, ten_exorcism: TEN_ERROR_CODES };

it.each(Object.entries(registry))('docs/protocol.md lists every %s error code (it is the contract)', (_game, codes) => {
  expect(codes.filter((code) => !contractMentions(code))).toEqual([]);
});

it('codes are stable identifiers: lowercase words joined by underscores, none declared twice in one game', () => {
  for (const codes of Object.values(registry)) {
    for (const code of codes) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(new Set(codes).size).toBe(codes.length);
  }
});
