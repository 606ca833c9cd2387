/**
 * What every game on the server's registry (server/games/registry.ts) must bring, checked from
 * the registry itself, so that a new game cannot be left out by a hand-written list: its error
 * codes in docs/protocol.md (the wire contract), valid code names, and a room name of its own.
 */
import { COMMON_ERROR_CODES, TABLE_ERROR_CODES } from '../../../shared/core/errors';
import { GAMES } from '../../../server/games/registry';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contractMentions } from '../../support/contract';

const PROTOCOL = readFileSync(path.resolve(__dirname, '../../../docs/protocol.md'), 'utf8');

/** The section of docs/protocol.md whose heading names the room (`## The \`x\` room`, `### \`x\``), with its subsections. */
function roomSection(name: string): string {
  const lines = PROTOCOL.split('\n');
  const start = lines.findIndex((line) => /^#{2,4} /.test(line) && line.includes(`\`${name}\``));
  if (start < 0) return '';
  const level = lines[start].indexOf(' ');
  const end = lines.findIndex((line, i) => i > start && /^#+ /.test(line) && line.indexOf(' ') <= level);
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

const names = GAMES.map((game) => game.definition.name as string);

it.each(names)('%s: docs/protocol.md lists every error code its rules answer', (name) => {
  const game = GAMES.find((g) => g.definition.name === name)!;
  const codes: readonly string[] = game.definition.errors;
  expect(codes.length).toBeGreaterThan(0);
  expect(codes.filter((code) => !contractMentions(code))).toEqual([]);
});

it.each(names)('%s: its room\'s own section of docs/protocol.md names every code its rules answer', (name) => {
  const game = GAMES.find((g) => g.definition.name === name)!;
  const section = roomSection(name);
  expect(section).not.toBe('');
  expect((game.definition.errors as readonly string[]).filter((code) => !section.includes(`\`${code}\``))).toEqual([]);
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
