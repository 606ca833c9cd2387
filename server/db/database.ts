/**
 * The database of record: players and accounts, ratings and their history, matches, finished
 * games, high scores, statistics and the Tic Tac Toe Q-table. One interface over two engines
 * that run the same SQL and the same migrations: a real PostgreSQL (`DATABASE_URL`, a pool that
 * several processes share) or PGlite, PostgreSQL compiled to WASM, in `DATA_DIR` (the embedded
 * default of `npm start`) or in memory (tests).
 */

/** What runs one statement: the database itself, or one transaction. */
export interface Queryable {
  /** The rows of one statement, parameters as `$1`, `$2`… (never string-built: hostile names stay data). */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Several statements at once, without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…`: a real PostgreSQL. */
  url?: string;
  /** PGlite's data directory when there is no url; none: in memory, gone at close. */
  dataDir?: string;
}
