// The client's entry for the test-only game's browser test (test/browser/test-only-game.browser.test.ts): the
// real client, client/src/main.ts, with race to ten registered. No file of client/src names the game: the app
// starts once this module graph has run (main.ts), so race to ten is in the lobby, the router and the replays.
// JavaScript, not TypeScript: the project's Node typecheck (tsconfig.json) would follow it into every game's client.
import '../../../client/src/main.ts';
import { registerClientGame } from '../../../client/src/games/registry.ts';
import { raceClient } from './client.ts';

registerClientGame(raceClient);
