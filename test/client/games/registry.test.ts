/** The client's registry of games: every game folder is on it, with the server's rooms; a game from outside client/src joins the built-in ones until the app starts, never after. */
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { ClientGame } from '../../../client/src/games/client-game';
import { GAMES } from '../../../server/games/registry';

const GAMES_DIR = path.resolve(__dirname, '../../../client/src/games');
/** Every folder of client/src/games with an index.ts: a game's client part. */
const FOLDERS = readdirSync(GAMES_DIR).filter((name) => existsSync(path.join(GAMES_DIR, name, 'index.ts')));

// Each game's entry (index.ts: its room, path, label, lobby text and form) is loaded as it is; only what needs a
// browser to load is stubbed: its table view and replay (Pixi, CSS, the page), and the account badge's window listeners.
for (const folder of FOLDERS) {
  for (const part of ['view', 'replay']) {
    if (existsSync(path.join(GAMES_DIR, folder, `${part}.ts`))) jest.doMock(path.join(GAMES_DIR, folder, part), () => new Proxy({}, { get: () => () => undefined }));
  }
}
jest.doMock(path.resolve(GAMES_DIR, '../ranked/account'), () => ({ savedAccount: () => null }));

/**
 * Loaded by jest, not imported: an import would have the project's Node typecheck (tsconfig.json) follow the registry
 * into every game's client, which only the client's (client/tsconfig.json) reads.
 */
const { CLIENT_GAMES, gameOfPath, gameOfRoom, registerClientGame, sealRegistry } = jest.requireActual<{
  CLIENT_GAMES: readonly ClientGame[];
  gameOfRoom(room: string): ClientGame | undefined;
  gameOfPath(path: string): ClientGame | undefined;
  registerClientGame(game: ClientGame): void;
  sealRegistry(): void;
}>('../../../client/src/games/registry');

const stub = (room: string, path: string): ClientGame => ({
  room,
  path,
  label: `Game ${room}`,
  about: { blurb: 'A game only this test knows.', rules: [] },
  show: async () => () => undefined,
  lobby: { group: 'Tests', controls: () => [] },
  describe: () => '',
});

it('lists a game for every folder of client/src/games and for every room the server hosts, each with its lobby words', () => {
  expect(CLIENT_GAMES.length).toBe(FOLDERS.length);
  expect(CLIENT_GAMES.map((g) => g.room).sort()).toEqual(GAMES.map((g) => g.definition.name as string).sort());
  for (const game of CLIENT_GAMES) {
    expect(game.about.blurb.length).toBeGreaterThan(0);
    expect(gameOfPath(game.path)).toBe(game);
  }
});

it('adds a game after the built-in ones, refuses a room or a path already taken, and refuses any once the app has started', () => {
  const builtIn = CLIENT_GAMES.length;
  const game = stub('test_game', 'test-game');
  registerClientGame(game);
  expect(CLIENT_GAMES.length).toBe(builtIn + 1);
  expect(CLIENT_GAMES[builtIn]).toBe(game);
  expect(gameOfRoom('test_game')).toBe(game);
  expect(gameOfPath('test-game')).toBe(game);
  expect(() => registerClientGame(stub('connect_four', 'other'))).toThrow(/already/);
  expect(() => registerClientGame(stub('other', 'test-game'))).toThrow(/already/);
  sealRegistry();
  expect(() => registerClientGame(stub('late', 'late'))).toThrow(/after the client started/);
  expect(CLIENT_GAMES.length).toBe(builtIn + 1);
});
