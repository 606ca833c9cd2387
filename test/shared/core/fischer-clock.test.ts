import fc from 'fast-check';
import * as v from 'valibot';
import { afterMove, chargedMs, clockOption, clockText, controlName, initialMs, LAG_ALLOWANCE_MS, parseControl, showing } from '../../../shared/core/fischer-clock';

describe('Fischer clock', () => {
  it('takes the time used off, then adds the increment', () => {
    expect(afterMove(180_000, 10_000, 2000)).toBe(172_000);
  });

  it('a move that used all the time left leaves 0: the increment does not rescue a fallen flag', () => {
    expect(afterMove(5000, 5000, 3000)).toBe(0);
    expect(afterMove(5000, 9000, 3000)).toBe(0);
  });

  it('charges the time since the turn was sent less at most one round trip of lag', () => {
    expect(chargedMs(1000, 4000, 200)).toBe(2800);
    expect(chargedMs(1000, 4000, 5000)).toBe(3000 - LAG_ALLOWANCE_MS);
    expect(chargedMs(1000, 1100, 200)).toBe(0);
    expect(chargedMs(4000, 1000, 0)).toBe(0);
  });

  it('time is never negative, and the increment is added only after a move', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e7 }), fc.integer({ min: 0, max: 1e7 }), fc.integer({ min: 0, max: 60_000 }), (left, used, inc) => {
        const after = afterMove(left, used, inc);
        expect(after).toBeGreaterThanOrEqual(0);
        // Either the flag fell (0), or exactly the increment was added to what was left.
        if (used < left) expect(after).toBe(left - used + inc);
        else expect(after).toBe(0);
        expect(showing(left, 0, used)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('after n moves the bank is the initial time + n × increment − the time used', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 180 }), fc.integer({ min: 0, max: 60 }), fc.array(fc.integer({ min: 0, max: 20_000 }), { maxLength: 60 }), (minutes, increment, uses) => {
        const start = initialMs({ minutes, increment });
        let bank = start;
        let fallen = false;
        for (const used of uses) {
          if (used >= bank) fallen = true;
          bank = afterMove(bank, used, increment * 1000);
          if (fallen) break;
        }
        const total = uses.reduce((a, b) => a + b, 0);
        if (!fallen) expect(bank).toBe(start + uses.length * increment * 1000 - total);
        else expect(bank).toBe(0);
      }),
    );
  });

  it('the clock option is a closed shape within its bounds', () => {
    const schema = v.object({ clock: clockOption });
    expect(v.safeParse(schema, { clock: { minutes: 5, increment: 3 } }).success).toBe(true);
    expect(v.safeParse(schema, {}).success).toBe(true);
    for (const bad of [{ minutes: 0, increment: 3 }, { minutes: 181, increment: 0 }, { minutes: 5, increment: 61 }, { minutes: 5.5, increment: 0 }, { minutes: 5, increment: 3, seconds: 1 }, { minutes: '5', increment: 3 }, '5+3']) {
      expect(v.safeParse(schema, { clock: bad }).success).toBe(false);
    }
  });

  it('names and reads controls', () => {
    expect(controlName({ minutes: 10, increment: 5 })).toBe('10+5');
    expect(parseControl('3+2')).toEqual({ minutes: 3, increment: 2 });
    expect(parseControl('0+2')).toBeNull();
    expect(parseControl('3+2 ')).toBeNull();
  });

  it('shows tenths under 10 s, m:ss above', () => {
    expect(clockText(9_950)).toBe('9.9');
    expect(clockText(65_000)).toBe('1:05');
    expect(clockText(-5)).toBe('0.0');
    expect(clockText(3_600_000 + 61_000)).toBe('1:01:01');
  });
});
