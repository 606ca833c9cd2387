import fc from 'fast-check';
import { parseClientOptions, parseRoomOptions, seatOptions, SERVER_ONLY_OPTIONS } from '../../../server/guards/join-options';
import { gomokuOptions } from '../../../shared/games/gomoku/definition';

/** The `gomoku` table's options, as the table reads them: its seat options and the game's own. */
const entries = { ...seatOptions, ...gomokuOptions };
const parseClientGomokuOptions = (raw: unknown) => parseClientOptions(entries, raw);

it('a client gets a closed shape with defaults', () => {
  expect(parseClientGomokuOptions(undefined)).toEqual({ name: 'Guest', spectate: false, rule: 'standard', swap2: true, turnSeconds: 60 });
  expect(parseClientGomokuOptions({ name: ' Ada ', rule: 'freestyle' })).toMatchObject({ name: 'Ada', rule: 'freestyle' });
});

it('server-only keys are refused from a client, plainly or smuggled through the prototype', () => {
  for (const key of SERVER_ONLY_OPTIONS) {
    expect(() => parseClientGomokuOptions({ [key]: 'x' })).toThrow(/server only/);
  }
  for (const smuggled of ['{"__proto__": {"ranked": true}}', '{"constructor": {"prototype": {"ranked": true}}}', '{"prototype": {"restore": "abc"}}']) {
    expect(() => parseClientGomokuOptions(JSON.parse(smuggled))).toThrow(/not an option/);
  }
  expect(() => parseClientGomokuOptions({ bogus: 1 })).toThrow(/unknown option "bogus"/);
  expect(() => parseClientGomokuOptions([])).toThrow(/must be an object/);
  expect(() => parseClientGomokuOptions('x')).toThrow(/must be an object/);
});

it('inherited keys are never read', () => {
  const options = Object.create({ ranked: { matchId: 'x' }, restore: 'abc', name: 'Mallory' });
  expect(parseClientGomokuOptions(options).name).toBe('Guest');
  expect(parseRoomOptions(entries, options)).toEqual({ options: parseClientGomokuOptions({}), server: {}, restore: undefined });
});

it('the room reads the server keys apart, checked', () => {
  const parsed = parseRoomOptions(entries, { turnSeconds: 30, seatKeys: { 1: 'k'.repeat(22) }, open: true });
  expect(parsed.options.turnSeconds).toBe(30);
  expect(parsed.server).toEqual({ seatKeys: { 1: 'k'.repeat(22) }, open: true });
  expect(() => parseRoomOptions(entries, { restore: '../etc' })).toThrow();
});

it('property: any JSON options parse to the closed shape or are refused with a matchmaking error', () => {
  fc.assert(fc.property(fc.jsonValue(), (raw) => {
    try {
      const options = parseClientGomokuOptions(raw);
      expect(Object.keys(options).sort()).toEqual(['name', 'rule', 'spectate', 'swap2', 'turnSeconds']);
    } catch (err) {
      expect((err as Error).message).toMatch(/^invalid join option: /);
    }
  }), { numRuns: 1000 });
});
