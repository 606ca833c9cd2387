/**
 * `?limit=&offset=` on the tournament lists that grow (finished events, an event's standings):
 * whole numbers in their bounds and nothing else. A limit over the cap is brought down to it (a
 * client asking for everything gets the largest page), anything malformed is refused.
 */
import * as v from 'valibot';

/** The furthest a page may start: far past any event's field, short of a costly scan. */
export const MAX_OFFSET = 1_000_000;

export interface Page {
  limit: number;
  offset: number;
}

const whole = (what: string) => v.pipe(v.string(`${what} must be a whole number`), v.regex(/^\d{1,7}$/, `${what} must be a whole number`), v.transform(Number));

/** The page a query asks for (`cap`: the largest page; `fallback`: the page size when none is asked), or why it is refused. */
export function pageOf(query: unknown, cap: number, fallback = cap): { ok: true; page: Page } | { ok: false; message: string } {
  const schema = v.strictObject({
    limit: v.optional(v.pipe(whole('limit'), v.minValue(1, 'limit must be at least 1'))),
    offset: v.optional(v.pipe(whole('offset'), v.maxValue(MAX_OFFSET, `offset must be at most ${MAX_OFFSET}`))),
  }, `the list takes ?limit= (1-${cap}) and ?offset= and nothing else`);
  const parsed = v.safeParse(schema, query);
  if (!parsed.success) return { ok: false, message: parsed.issues[0].message };
  return { ok: true, page: { limit: Math.min(cap, parsed.output.limit ?? fallback), offset: parsed.output.offset ?? 0 } };
}

/** The offset of the page after `page` when `total` items exist, or null on the last page. */
export const nextOffset = (page: Page, total: number): number | null => (page.offset + page.limit < total ? page.offset + page.limit : null);
