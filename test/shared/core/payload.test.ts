import fc from 'fast-check';
import * as v from 'valibot';
import { decodePayload, emptyPayload, integerField, isPlainData } from '../../../shared/core/payload';

const place = v.strictObject({ x: integerField('x'), y: integerField('y') });

it('accepts exactly the declared shape', () => {
  expect(decodePayload(place, { x: 3, y: 4 })).toEqual({ ok: true, value: { x: 3, y: 4 } });
  for (const bad of [{ x: 3 }, { x: 3, y: 4, z: 1 }, { x: '3', y: 4 }, { x: 3.5, y: 4 }, { x: NaN, y: 4 }, { x: Infinity, y: 1 }, [3, 4], 'x', 3, null]) {
    expect(decodePayload(place, bad)).toMatchObject({ ok: false, code: 'invalid_payload' });
  }
});

it('an empty message is nothing, null or {}', () => {
  for (const ok of [undefined, null, {}]) expect(decodePayload(emptyPayload, ok).ok).toBe(true);
  for (const bad of [{ a: 1 }, 0, '', []]) expect(decodePayload(emptyPayload, bad).ok).toBe(false);
});

it('objects with odd prototypes, toString or valueOf are refused, never thrown on', () => {
  const odd = Object.create({ toString: 1, valueOf: 1 });
  const poisoned = { x: { toString: 1, valueOf: 1 }, y: 1 };
  const deep: unknown[] = [];
  let cursor = deep;
  for (let i = 0; i < 20; i++) cursor.push((cursor = []));
  for (const bad of [odd, poisoned, { x: odd, y: 1 }, new Map(), new Date(), deep, { x: 1n, y: 1 }]) {
    expect(() => decodePayload(place, bad)).not.toThrow();
    expect(decodePayload(place, bad).ok).toBe(false);
  }
  expect(isPlainData(JSON.parse('{"__proto__": {"x": 1}}'))).toBe(true);
  expect(decodePayload(place, JSON.parse('{"__proto__": {"x": 1}, "x": 1, "y": 2}')).ok).toBe(false);
});

it('property: any value decodes to the shape or to invalid_payload, and never throws', () => {
  fc.assert(fc.property(fc.anything({ withBigInt: true, withMap: true, withSet: true, withDate: true, withTypedArray: true, withNullPrototype: true, withObjectString: true }), (value) => {
    const decoded = decodePayload(place, value);
    if (decoded.ok) expect(Number.isInteger(decoded.value.x) && Number.isInteger(decoded.value.y)).toBe(true);
    else expect(decoded.code).toBe('invalid_payload');
  }), { numRuns: 2000 });
});
