/** The client's registry of games: a game from outside client/src joins the built-in ones until the app starts, never after. */
import type { ClientGame } from '../../../client/src/games/client-game';

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

// The built-in games' folders (their views load Pixi, CSS and the page's connection, none of which Node has): as
// they are to the registry, a room and a path each.
jest.mock('../../../client/src/games/gomoku', () => ({ gomokuClient: { room: 'gomoku', path: 'room' } }));
jest.mock('../../../client/src/games/flip7', () => ({ flip7Client: { room: 'flip7', path: 'flip7' } }));
jest.mock('../../../client/src/games/monty', () => ({ montyClient: { room: 'monty_hall', path: 'monty' } }));
jest.mock('../../../client/src/games/tictactoe', () => ({ tictactoeClient: { room: 'tictactoe', path: 'tictactoe' } }));
jest.mock('../../../client/src/games/ten', () => ({ tenClient: { room: 'ten_exorcism', path: 'ten' } }));
jest.mock('../../../client/src/games/connect-four', () => ({ connectFourClient: { room: 'connect_four', path: 'connect-four' } }));

it('adds a game after the built-in ones, refuses a room or a path already taken, and refuses any once the app has started', () => {
  expect(CLIENT_GAMES.map((g) => g.room)).toEqual(['gomoku', 'flip7', 'monty_hall', 'tictactoe', 'ten_exorcism', 'connect_four']);
  const game = stub('test_game', 'test-game');
  registerClientGame(game);
  expect(CLIENT_GAMES.length).toBe(7);
  expect(CLIENT_GAMES[6]).toBe(game);
  expect(gameOfRoom('test_game')).toBe(game);
  expect(gameOfPath('test-game')).toBe(game);
  expect(() => registerClientGame(stub('connect_four', 'other'))).toThrow(/already/);
  expect(() => registerClientGame(stub('other', 'test-game'))).toThrow(/already/);
  sealRegistry();
  expect(() => registerClientGame(stub('late', 'late'))).toThrow(/after the client started/);
  expect(CLIENT_GAMES.length).toBe(7);
});
