/**
 * What a test reads (and, for a white-box set-up, writes) of a table room in this process that
 * no client ever sees: the rules state and the server part's own data (Flip 7's commitments,
 * Monty Hall's statistics group). The table reads them from its parts (server/table/table-room.ts:
 * the rules state is its pipeline's); a test reaches them from here, so that production code
 * carries no alias for tests.
 */
export function rulesOf<T = any>(room: unknown): T | null {
  return (room as { rules?: T | null } | null | undefined)?.rules ?? null;
}

export function setRulesOf(room: unknown, rules: unknown): void {
  (room as { pipeline: { rules: unknown } }).pipeline.rules = rules;
}

export function localOf<T = any>(room: unknown): T | undefined {
  return (room as { local?: T } | null | undefined)?.local;
}
