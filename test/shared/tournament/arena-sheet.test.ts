import fc from 'fast-check';
import { LICHESS_ARENA, buildSheet, isOnFire, type ArenaGame, type ArenaScoringRules } from '../../../shared/tournament/arena-sheet';
import { performanceRating } from '../../../shared/tournament/performance';

const RULES: ArenaScoringRules = { ...LICHESS_ARENA, eventEndsAt: 1_000_000 };
let clock = 0;
/** A game ending now: 40 plies (20 moves each) unless told. */
const game = (result: ArenaGame['result'], extra: Partial<ArenaGame> = {}): ArenaGame => ({ result, berserk: false, plies: 40, ownMoves: 20, endedAt: ++clock, ...extra });
const W = () => game('win');
const D = () => game('draw');
const L = () => game('loss');
const points = (games: ArenaGame[]) => buildSheet(games, RULES).scores.map((s) => s.points);
const flags = (games: ArenaGame[]) => buildSheet(games, RULES).scores.map((s) => s.flag);

describe('arena sheet: the cases Lichess documents', () => {
  it('win 2, draw 1, loss 0', () => {
    expect(points([W(), L(), D()])).toEqual([2, 0, 1]);
  });

  it('two wins in a row set the player on fire: the following results are doubled until a result that is not a win', () => {
    const games = [W(), W(), W(), D(), W(), L(), W()];
    // Third win doubled (4), the draw after it doubled (2) and it ends the fire; then a fresh win is 2.
    expect(points(games)).toEqual([2, 2, 4, 2, 2, 0, 2]);
    expect(flags(games)).toEqual(['streak-starter', 'streak-starter', 'double', 'double', 'normal', 'normal', 'streak-starter']);
    expect(isOnFire(buildSheet([W(), W()], RULES))).toBe(true);
    expect(isOnFire(buildSheet([W(), W(), L()], RULES))).toBe(false);
  });

  it('a lone win is drawn plain once the next result is not a win', () => {
    expect(flags([W(), L()])).toEqual(['normal', 'normal']);
  });

  it('a berserk win earns +1 with at least 7 own moves, nothing with fewer; a berserk loss or draw earns nothing extra', () => {
    expect(points([game('win', { berserk: true, ownMoves: 7, plies: 14 })])).toEqual([3]);
    expect(points([game('win', { berserk: true, ownMoves: 6, plies: 12 })])).toEqual([2]);
    const marks = buildSheet([game('win', { berserk: true, ownMoves: 6, plies: 12 }), game('draw', { berserk: true })], RULES).scores.map((s) => s.berserk);
    expect(marks).toEqual(['invalid', 'valid']);
    expect(points([game('loss', { berserk: true }), game('draw', { berserk: true })])).toEqual([0, 1]);
    // On fire and berserk: 4 + 1.
    expect(points([W(), W(), game('win', { berserk: true })])).toEqual([2, 2, 5]);
  });

  it('a draw in under 10 moves each (20 plies) scores 0; at 20 plies it scores', () => {
    const sheet = buildSheet([game('draw', { plies: 19 }), W(), game('draw', { plies: 20 })], RULES);
    expect(sheet.scores.map((s) => s.result)).toEqual(['quick-draw', 'win', 'draw']);
    expect(sheet.scores.map((s) => s.points)).toEqual([0, 2, 1]);
  });

  it('draw streaks: only the first of consecutive draws scores unless the game was long (60 plies); losses do not break the run, a win does', () => {
    expect(points([D(), D(), D()])).toEqual([1, 0, 0]);
    expect(points([D(), L(), D()])).toEqual([1, 0, 0]);
    expect(points([D(), W(), D()])).toEqual([1, 2, 1]);
    expect(points([D(), game('draw', { plies: 60 })])).toEqual([1, 1]);
    expect(flags([D(), D()])).toEqual(['normal', 'null']);
    // A quick draw starts a run too.
    expect(points([game('draw', { plies: 10 }), D()])).toEqual([0, 0]);
  });

  it('a game still running at the end is played out but its result does not score', () => {
    const late = game('win', { endedAt: RULES.eventEndsAt + 1 });
    const sheet = buildSheet([W(), W(), late], RULES);
    expect(sheet.total).toBe(4);
    expect(sheet.scores[2]).toMatchObject({ result: 'win', afterEnd: true, points: 0 });
    // Ending exactly at the end still counts.
    expect(buildSheet([game('win', { endedAt: RULES.eventEndsAt })], RULES).total).toBe(2);
  });

  it('without streaks a win is always 2', () => {
    expect(buildSheet([W(), W(), W()], { ...RULES, streaks: false }).scores.map((s) => s.points)).toEqual([2, 2, 2]);
  });
});

const arbitraryGame: fc.Arbitrary<ArenaGame> = fc.record({
  result: fc.constantFrom('win' as const, 'draw' as const, 'loss' as const),
  berserk: fc.boolean(),
  plies: fc.integer({ min: 0, max: 120 }),
  ownMoves: fc.integer({ min: 0, max: 60 }),
  endedAt: fc.integer({ min: 0, max: 2_000_000 }),
});

describe('arena sheet: properties', () => {
  it("a sheet's total equals the sum of its scores; scores are never negative; a loss scores 0 and ends a streak", () => {
    fc.assert(
      fc.property(fc.array(arbitraryGame, { maxLength: 40 }), fc.boolean(), (games, streaks) => {
        const sheet = buildSheet(games, { ...RULES, streaks });
        expect(sheet.total).toBe(sheet.scores.reduce((s, x) => s + x.points, 0));
        sheet.scores.forEach((score, i) => {
          expect(score.points).toBeGreaterThanOrEqual(0);
          expect(score.points).toBeLessThanOrEqual(5);
          if (score.result === 'loss') {
            expect(score.points).toBe(0);
            // The result after a loss is never doubled.
            const next = sheet.scores[i + 1];
            if (next && !score.afterEnd) expect(next.flag).not.toBe('double');
          }
          if (score.afterEnd) expect(score.points).toBe(0);
        });
      }),
    );
  });

  it('adding a game never lowers the total', () => {
    fc.assert(
      fc.property(fc.array(arbitraryGame, { maxLength: 30 }), arbitraryGame, (games, last) => {
        expect(buildSheet([...games, last], RULES).total).toBeGreaterThanOrEqual(buildSheet(games, RULES).total);
      }),
    );
  });
});

describe('performance rating', () => {
  it('is the mean opponent rating plus 500 × (wins − losses) / games', () => {
    expect(performanceRating([])).toBeNull();
    expect(performanceRating([{ opponentRating: 1500, result: 'win' }, { opponentRating: 1700, result: 'loss' }, { opponentRating: 1600, result: 'draw' }])).toBe(1600);
    expect(performanceRating([{ opponentRating: 1500, result: 'win' }, { opponentRating: 1700, result: 'win' }])).toBe(2100);
  });
});
