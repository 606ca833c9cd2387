/**
 * What every game on the server's registry (server/games/registry.ts) must bring, checked from
 * the registry itself, so that a new game cannot be left out by a hand-written list: its error
 * codes in the README (the wire contract), valid code names, and a room name of its own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COMMON_ERROR_CODES, TABLE_ERROR_CODES } from '../../../shared/core/errors';
import { GAMES } from '../../../server/games/registry';

const readme = readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8');
const names = GAMES.map((game) => game.definition.name as string);

it.each(names)('%s: the README lists every error code its rules answer', (name) => {
  const game = GAMES.find((g) => g.definition.name === name)!;
  const codes: readonly string[] = game.definition.errors;
  expect(codes.length).toBeGreaterThan(0);
  expect(codes.filter((code) => !readme.includes(`\`${code}\``))).toEqual([]);
});

it('the table\'s own codes are in the README too, and every code is a stable identifier', () => {
  const all = [...COMMON_ERROR_CODES, ...TABLE_ERROR_CODES, ...GAMES.flatMap((g) => g.definition.errors as readonly string[])];
  expect(all.filter((code) => !readme.includes(`\`${code}\``))).toEqual([]);
  for (const code of all) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
});

it('each game has a room name of its own, and the README describes its room', () => {
  expect(new Set(names).size).toBe(names.length);
  for (const name of names) expect(readme).toContain(`\`${name}\``);
});
