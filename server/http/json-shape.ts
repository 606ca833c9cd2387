/**
 * A pre-scan of a JSON body's raw bytes, before `JSON.parse` sees them: how deep its arrays and
 * objects nest, and how many items they hold. Parsing is the costly part of a hostile body, not
 * reading it: 500 KB of nested arrays took ~275 ms of the main thread to parse (and V8's parser
 * recurses), 512 KB of `{},{},…` 14-100 ms. This scan is one pass over the bytes, stops at the
 * first byte past a limit, and keeps its state between chunks, so a body can be refused while
 * it is still arriving.
 *
 * It counts structure outside strings only: `[`/`{` open a level (and count as an item), `]`/`}`
 * close one, `,` separates items. It does not check the JSON is well formed: `JSON.parse` does
 * that afterwards, on a body whose depth and size of structure are known to be small.
 * UTF-8 (and UTF-16) code units of non-ASCII characters never equal these ASCII bytes.
 */

export interface JsonShapeLimits {
  /** Arrays and objects nested deeper than this are refused. */
  maxDepth: number;
  /** Opening brackets plus commas: about the number of values the body holds. */
  maxItems: number;
}

/** Every JSON body the server reads: no body of ours nests deeper than 4 levels. */
export const JSON_MAX_DEPTH = 32;

export type JsonShapeProblem = 'too_deep' | 'too_many_items';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

export class JsonShapeScanner {
  private depth = 0;
  private items = 0;
  private inString = false;
  private escaped = false;
  /** The first limit passed, once one is: the scan stops there. */
  problem: JsonShapeProblem | null = null;

  constructor(private readonly limits: JsonShapeLimits) {}

  /** Scans the next chunk of the body; false once it passed a limit (see `problem`). */
  feed(chunk: Uint8Array): boolean {
    if (this.problem) return false;
    const { maxDepth, maxItems } = this.limits;
    let { depth, items, inString, escaped } = this;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
        continue;
      }
      if (byte === QUOTE) inString = true;
      else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (++depth > maxDepth) this.problem = 'too_deep';
        else if (++items > maxItems) this.problem = 'too_many_items';
        if (this.problem) return false;
      } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
        if (depth > 0) depth--;
      } else if (byte === COMMA && ++items > maxItems) {
        this.problem = 'too_many_items';
        return false;
      }
    }
    Object.assign(this, { depth, items, inString, escaped });
    return true;
  }
}

/** The problem of a whole body, or null when it is within the limits. */
export function jsonShapeProblem(body: Uint8Array, limits: JsonShapeLimits): JsonShapeProblem | null {
  const scanner = new JsonShapeScanner(limits);
  scanner.feed(body);
  return scanner.problem;
}

/** The answer to a body refused by the scan: `{status, error, code}`. */
export function jsonShapeRefusal(problem: JsonShapeProblem, limits: JsonShapeLimits): { status: number; error: string; code: string } {
  return problem === 'too_deep'
    ? { status: 400, error: `JSON nested deeper than ${limits.maxDepth} levels`, code: 'too_deep' }
    : { status: 413, error: `JSON with more than ${limits.maxItems} items`, code: 'too_large' };
}
