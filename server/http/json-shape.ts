/**
 * A pre-scan of a JSON body's raw bytes, before `JSON.parse` sees them: how deep its arrays and
 * objects nest, and how many items they hold. Parsing is the costly part of a hostile body, not
 * reading it: 500 KB of nested arrays took ~275 ms of the main thread to parse (and V8's parser
 * recurses), 512 KB of `{},{},…` 14-100 ms. This scan is one pass over the bytes, stops at the
 * first byte past a limit, and keeps its state between chunks, so a body can be refused while
 * it is still arriving.
 *
 * It counts structure outside strings only: `[`/`{` open a level (and count as an item), `]`/`}`
 * close one, `,` separates items. With `allowedKeys` it also reads each object key (the string
 * after `{` or an object's `,`) and refuses one not in the set, before anything is parsed: many
 * distinct keys are what makes `JSON.parse` slow after depth (4,100 one-key objects with distinct
 * 20-byte keys, 110 KB: 12-15 ms on a loaded 2-core machine; the same with known keys: <1 ms). A
 * key is compared as written, so an escaped spelling of a known key is refused too.
 * It does not check the JSON is well formed: `JSON.parse` does that afterwards, on a body whose
 * depth, size of structure and keys are known to be small.
 * UTF-8 (and UTF-16) code units of non-ASCII characters never equal these ASCII bytes.
 */

export interface JsonShapeLimits {
  /** Arrays and objects nested deeper than this are refused. */
  maxDepth: number;
  /** Opening brackets plus commas: about the number of values the body holds. */
  maxItems: number;
  /** Object keys allowed anywhere in the body (every other key is refused); any key when left out. */
  allowedKeys?: ReadonlySet<string>;
}

/** Every JSON body the server reads: no body of ours nests deeper than 4 levels. */
export const JSON_MAX_DEPTH = 32;

export type JsonShapeProblem = 'too_deep' | 'too_many_items' | 'unknown_key';

/** Longer than this, a key cannot be an allowed one (ours are short field names). */
const MAX_KEY_BYTES = 32;
const ARRAY = 1;
const OBJECT = 2;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;
const COLON = 0x3a;

export class JsonShapeScanner {
  private depth = 0;
  private items = 0;
  private inString = false;
  private escaped = false;
  /** Array or object, for each open level (1-based): whether a `,` leads to a key. */
  private readonly kinds: Uint8Array;
  /** The next string is an object key. */
  private expectKey = false;
  /** The bytes of the key being read (null when the string is not a key, or keys are not checked). */
  private key: number[] | null = null;
  /** The first limit passed, once one is: the scan stops there. */
  problem: JsonShapeProblem | null = null;
  /** The refused key, with `unknown_key` (at most MAX_KEY_BYTES bytes of it). */
  unknownKey = '';

  constructor(private readonly limits: JsonShapeLimits) {
    this.kinds = new Uint8Array(limits.maxDepth + 2);
  }

  /** Scans the next chunk of the body; false once it passed a limit (see `problem`). */
  feed(chunk: Uint8Array): boolean {
    if (this.problem) return false;
    const { maxDepth, maxItems, allowedKeys } = this.limits;
    const kinds = this.kinds;
    let { depth, items, inString, escaped, expectKey, key } = this;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) {
          inString = false;
          if (key && !this.knownKey(key, allowedKeys!)) return false;
          key = null;
          continue;
        }
        if (key && key.length <= MAX_KEY_BYTES) key.push(byte);
        continue;
      }
      if (byte === QUOTE) {
        inString = true;
        if (expectKey && allowedKeys) key = [];
        expectKey = false;
      } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (++depth > maxDepth) this.problem = 'too_deep';
        else if (++items > maxItems) this.problem = 'too_many_items';
        if (this.problem) return false;
        kinds[depth] = byte === OPEN_OBJECT ? OBJECT : ARRAY;
        expectKey = byte === OPEN_OBJECT;
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
        if (depth > 0) depth--;
        expectKey = false;
      } else if (byte === COMMA) {
        if (++items > maxItems) {
          this.problem = 'too_many_items';
          return false;
        }
        expectKey = kinds[depth] === OBJECT;
      } else if (byte === COLON) expectKey = false;
    }
    Object.assign(this, { depth, items, inString, escaped, expectKey, key });
    return true;
  }

  private knownKey(bytes: number[], allowed: ReadonlySet<string>): boolean {
    const key = Buffer.from(bytes).toString('latin1');
    if (bytes.length <= MAX_KEY_BYTES && allowed.has(key)) return true;
    this.problem = 'unknown_key';
    this.unknownKey = key;
    return false;
  }
}

/** The scan of a whole body: its `problem` is null when the body is within the limits. */
export function scanJsonShape(body: Uint8Array, limits: JsonShapeLimits): JsonShapeScanner {
  const scanner = new JsonShapeScanner(limits);
  scanner.feed(body);
  return scanner;
}

/** The answer to a body refused by the scan: `{status, error, code}`. */
export function jsonShapeRefusal(scanner: JsonShapeScanner, limits: JsonShapeLimits): { status: number; error: string; code: string } {
  if (scanner.problem === 'too_deep') return { status: 400, error: `JSON nested deeper than ${limits.maxDepth} levels`, code: 'too_deep' };
  if (scanner.problem === 'unknown_key') return { status: 400, error: `unknown key ${JSON.stringify(scanner.unknownKey)}`, code: 'invalid_body' };
  return { status: 413, error: `JSON with more than ${limits.maxItems} items`, code: 'too_large' };
}
