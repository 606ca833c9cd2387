/** A table's snapshot is checked whole before a restore (server/table/snapshot.ts). */
import { checkSnapshot, SNAPSHOT_VERSION, type Snapshot } from '../../../server/table/snapshot';

const snapshot: Snapshot = {
  v: SNAPSHOT_VERSION,
  game: { turn: 3 },
  options: { name: 'Ada', swap2: false },
  seatRecords: [{ id: 's1', name: 'Ada', bot: false }, null],
  seats: ['s1', ''],
  seatIds: ['s1', ''],
  seatKeys: null,
  seatTokens: {},
  host: 's1',
  spectators: [],
  tokens: { s1: 'token' },
  startedAt: 1_700_000_000_000,
  deadline: 0,
  advanceAt: 0,
  rng: 123456,
  server: undefined,
  policies: { rematch: null },
  savedAt: 1_700_000_000_500,
};

it('takes a snapshot of its own room type and version, as it was written (through JSON)', () => {
  const stored = { name: 'gomoku', snapshot: JSON.parse(JSON.stringify(snapshot)) };
  const checked = checkSnapshot(stored, 'gomoku');
  expect(checked).toEqual({ ok: true, snapshot: expect.objectContaining({ v: SNAPSHOT_VERSION, seatRecords: snapshot.seatRecords, rng: 123456 }) });
});

it('refuses another game\'s snapshot, another version, and a field of the wrong type, saying which', () => {
  expect(checkSnapshot({ name: 'flip7', snapshot }, 'gomoku')).toEqual({ ok: false, reason: "a flip7 room's snapshot, not a gomoku room's" });
  expect(checkSnapshot({ name: 'gomoku', snapshot: { ...snapshot, v: 1 } }, 'gomoku')).toEqual({ ok: false, reason: `snapshot version 1 is not ${SNAPSHOT_VERSION}` });
  expect(checkSnapshot({ name: 'gomoku', snapshot: null }, 'gomoku')).toMatchObject({ ok: false });
  const badSeat = checkSnapshot({ name: 'gomoku', snapshot: { ...snapshot, seatRecords: [{ id: 's1', name: 7, bot: false }] } }, 'gomoku');
  expect(badSeat).toEqual({ ok: false, reason: expect.stringMatching(/^seatRecords\.0\.name: /) });
  const badClock = checkSnapshot({ name: 'gomoku', snapshot: { ...snapshot, deadline: 'soon' } }, 'gomoku');
  expect(badClock).toEqual({ ok: false, reason: expect.stringMatching(/^deadline: /) });
  const noTokens = checkSnapshot({ name: 'gomoku', snapshot: { ...snapshot, tokens: undefined } }, 'gomoku');
  expect(noTokens).toMatchObject({ ok: false, reason: expect.stringMatching(/^tokens: /) });
});
