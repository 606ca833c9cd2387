/**
 * Where the server's files are, for what it starts or serves by path. Taken from this file,
 * which sits at the top of server/ in every form the server runs in: the sources (tests),
 * tsc's dist/server/, and the one-file bundle dist/server/parlor.js (scripts/bundle-server.mjs),
 * where every module's own `__dirname` is the bundle's folder.
 */
import path from 'node:path';

const SERVER_DIR = __dirname;

/** The built browser client (`npm run build:client`), beside dist/server/. */
export const CLIENT_DIR = path.resolve(SERVER_DIR, '..', 'client');

/** The Gomoku computer's worker thread: tsc's file, never bundled (a worker starts from a file of its own). */
export const GOMOKU_WORKER_FILE = path.join(SERVER_DIR, 'games', 'gomoku', 'computer-worker.js');

/** The database's numbered SQL migrations (server/db/migrate.ts); the build copies them beside the bundle. */
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'db', 'migrations');

/** The list of the most common passwords (server/accounts/passwords.ts); the build copies it beside the bundle. */
export const COMMON_PASSWORDS_FILE = path.join(SERVER_DIR, 'accounts', 'common-passwords.txt');
