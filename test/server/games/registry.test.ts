/**
 * What every game on the server's registry (server/games/registry.ts) must bring, checked from
 * the registry itself, so that a new game cannot be left out by a hand-written list: its error
 * codes in docs/protocol.md (the wire contract), valid code names, and a room name of its own.
 */
import { COMMON_ERROR_CODES, TABLE_ERROR_CODES } from '../../../shared/core/errors';
import { GAMES } from '../../../server/games/registry';
import { contractMentions } from '../../support/contract';

const names = GAMES.map((game) => game.definition.name as string);

it.each(names)('%s: docs/protocol.md lists every error code its rules answer', (name) => {
  const game = GAMES.find((g) => g.definition.name === name)!;
  const codes: readonly string[] = game.definition.errors;
  expect(codes.length).toBeGreaterThan(0);
  expect(codes.filter((code) => !contractMentions(code))).toEqual([]);
});

it('the table\'s own codes are in docs/protocol.md too, and every code is a stable identifier', () => {
  const all = [...COMMON_ERROR_CODES, ...TABLE_ERROR_CODES, ...GAMES.flatMap((g) => g.definition.errors as readonly string[])];
  expect(all.filter((code) => !contractMentions(code))).toEqual([]);
  for (const code of all) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
});

it('each game has a room name of its own, and docs/protocol.md describes its room', () => {
  expect(new Set(names).size).toBe(names.length);
  for (const name of names) expect(contractMentions(name)).toBe(true);
});
