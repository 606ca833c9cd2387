/**
 * The JSON shape pre-scan against JSON.parse's own view of a body: the depth and the keys it
 * finds are those of the parsed value, however the bytes are split into chunks (a string, an
 * escape or a key cut in two), and brackets, commas and quotes inside strings are text.
 */
import fc from 'fast-check';
import { JsonShapeScanner, scanJsonShape } from '../../../server/http/json-shape';

function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value && typeof value === 'object') return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, into));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) keysOf(v, into.add(k));
  return into;
}

/** Scans `bytes` fed in the chunks `cuts` makes. */
function scanInChunks(bytes: Buffer, cuts: number[], limits: ConstructorParameters<typeof JsonShapeScanner>[0]): JsonShapeScanner {
  const scanner = new JsonShapeScanner(limits);
  let from = 0;
  for (const cut of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
    scanner.feed(bytes.subarray(from, cut));
    from = cut;
  }
  scanner.feed(bytes.subarray(from));
  return scanner;
}

const json = fc.jsonValue({ maxDepth: 6 });
const text = (value: unknown) => Buffer.from(JSON.stringify(value) ?? 'null', 'utf8');

it('a body is refused as too deep exactly when its value nests deeper than the limit, in any chunks', () => {
  fc.assert(fc.property(json, fc.array(fc.nat()), fc.integer({ min: 0, max: 6 }), (value, cuts, maxDepth) => {
    const scan = scanInChunks(text(value), cuts, { maxDepth, maxItems: 1e9 });
    expect(scan.problem === 'too_deep').toBe(depthOf(value) > maxDepth);
  }), { numRuns: 300 });
});

it('with allowed keys, a body is refused exactly when its value has another key (ASCII keys as written), in any chunks', () => {
  const asciiKeyed = fc.jsonValue({ maxDepth: 4 }).filter((v) => [...keysOf(v)].every((k) => /^[\x20-\x7e]*$/.test(k) && JSON.stringify(k) === `"${k}"`));
  fc.assert(fc.property(asciiKeyed, fc.array(fc.nat()), fc.nat(), (value, cuts, drop) => {
    const keys = [...keysOf(value)].filter((k) => k.length <= 32);
    const allowed = new Set(keys.filter((_, i) => keys.length === 0 || i !== drop % keys.length));
    const scan = scanInChunks(text(value), cuts, { maxDepth: 100, maxItems: 1e9, allowedKeys: allowed });
    const unknown = [...keysOf(value)].some((k) => !allowed.has(k));
    expect(scan.problem === 'unknown_key').toBe(unknown);
  }), { numRuns: 300 });
});

it('structure inside strings is text; items are brackets plus commas', () => {
  expect(scanJsonShape(Buffer.from(JSON.stringify({ a: '[[[[{{{{,,,,\\"]]]' })), { maxDepth: 1, maxItems: 2 }).problem).toBeNull();
  expect(scanJsonShape(Buffer.from('[1,2,3]'), { maxDepth: 1, maxItems: 3 }).problem).toBeNull();
  expect(scanJsonShape(Buffer.from('[1,2,3,4]'), { maxDepth: 1, maxItems: 3 }).problem).toBe('too_many_items');
  expect(scanJsonShape(Buffer.from('{"a":{"b":[1]}}'), { maxDepth: 3, maxItems: 9, allowedKeys: new Set(['a', 'b']) }).problem).toBeNull();
  const refused = scanJsonShape(Buffer.from('{"a":1,"bad":2}'), { maxDepth: 3, maxItems: 9, allowedKeys: new Set(['a']) });
  expect([refused.problem, refused.unknownKey]).toEqual(['unknown_key', 'bad']);
  // A string value is not a key, even one that follows a key.
  expect(scanJsonShape(Buffer.from('{"a":"bad","a":["bad"]}'), { maxDepth: 3, maxItems: 9, allowedKeys: new Set(['a']) }).problem).toBeNull();
});
