/**
 * The page's router: `#/` is the lobby, `#/<path>/<id>` a table of the game registered
 * under that path (client/src/games/registry.ts; add `/watch` to spectate),
 * `#/leaderboard`, `#/player/<id>` and `#/match/<id>` the ranked pages, `#/tournaments` and `#/tournament/<id>` the arenas, `#/replay/<id>` a finished game's replay
 * (`?analyse=1`: with the Gomoku engine's analysis started),
 * a game's own pages (`ClientGame.pages`: Gomoku's analysis board `#/analysis?rule=…&moves=…`), `#/account` the signed-in player's
 * account; `#/signup`, `#/signin` and `#/claim` open the account form over the lobby.
 */
import './style.css';
// Pixi's precompiled shader uploads: the page then runs under a content-security policy without 'unsafe-eval'.
import 'pixi.js/unsafe-eval';
import { showLobby } from './lobby';
import { savedName } from './net';
import { gameOfPath, gamePageOf, sealRegistry } from './games/registry';
import { renderWhoami } from './ranked/account';
import { refreshUser } from './auth';
import { mountAccountNav, openAuthDialog, type AuthMode } from './account-ui';
import { showAccount } from './account-page';
import { showLeaderboard, showPlayer } from './ranked/pages';
import { showMatch } from './ranked/match-page';
import { showReplay } from './replay-page';
import { showTournaments } from './tournaments/list-page';
import { showTournament } from './tournaments/event-page';

type Unmount = () => void;
let unmount: Unmount | null = null;

async function route(): Promise<void> {
  void renderWhoami(document.getElementById('whoami')!, savedName());
  unmount?.();
  unmount = null;
  // The tests' hook (`window.parlorTable`) is the shown table's: gone with it, so a test never reads a table left behind.
  delete (window as { parlorTable?: unknown }).parlorTable;
  const view = document.getElementById('view')!;
  view.replaceChildren();
  const table = /^#\/([\w-]+)\/([\w-]+)(\/watch)?$/.exec(location.hash);
  const game = gameOfPath(table?.[1]);
  const player = /^#\/player\/([\w-]+)$/.exec(location.hash);
  const replay = /^#\/replay\/([\w-]+)(\?analyse=1)?$/.exec(location.hash);
  const match = /^#\/match\/([\w-]+)$/.exec(location.hash);
  const page = gamePageOf(location.hash);
  const tournament = /^#\/tournament\/([\w-]+)$/.exec(location.hash);
  if (location.hash === '#/leaderboard') unmount = await showLeaderboard(view);
  else if (page) unmount = await page.show(view);
  else if (replay) unmount = await showReplay(view, replay[1], { analyse: Boolean(replay[2]) });
  else if (player) unmount = await showPlayer(view, player[1]);
  else if (match) unmount = await showMatch(view, match[1]);
  else if (location.hash === '#/tournaments') unmount = await showTournaments(view);
  else if (tournament) unmount = await showTournament(view, tournament[1]);
  else if (location.hash === '#/account') unmount = await showAccount(view);
  else unmount = table && game ? await game.show(view, table[2], Boolean(table[3])) : await showLobby(view);
  const form = /^#\/(signup|signin|claim)$/.exec(location.hash);
  if (form) void openAuthDialog(form[1] as AuthMode);
}

function start(): void {
  sealRegistry();
  mountAccountNav();
  // The token may have been signed out elsewhere, expired, or its account deleted: asked once a load.
  void refreshUser();
  window.addEventListener('hashchange', () => void route());
  window.addEventListener('parlor:reopen', () => void route());
  // A table refused the token (net.ts forgetRefusedToken): ask again who it is, and sign out if it is no one.
  window.addEventListener('parlor:token-refused', () => void refreshUser());
  void route();
}

// Once the whole module graph has run (a microtask waits for it): an entry that imports this module and registers
// a game of its own (games/registry.ts `registerClientGame`: a game only the tests know) has it listed, whatever its order.
queueMicrotask(start);
