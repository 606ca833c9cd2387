/**
 * What a test reads (and, for a white-box set-up, writes) of a table room in this process that
 * no client ever sees: the rules state and the server part's own data (Flip 7's commitments,
 * Monty Hall's statistics group). They are private fields of the table (server/table/table-room.ts),
 * reached from here so that production code carries no alias for tests.
 */
export function rulesOf<T = any>(room: unknown): T | null {
  return (room as { rules?: T | null } | null | undefined)?.rules ?? null;
}

export function setRulesOf(room: unknown, rules: unknown): void {
  (room as { rules: unknown }).rules = rules;
}

export function localOf<T = any>(room: unknown): T | undefined {
  return (room as { local?: T } | null | undefined)?.local;
}
