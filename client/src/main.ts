/**
 * The page's router: `#/` is the lobby, `#/room/<id>` a Gomoku table, `#/flip7/<id>` a Flip 7 table, `#/monty/<id>` Monty Hall, `#/tictactoe/<id>`, `#/ten/<id>`
 * (add `/watch` to spectate), `#/leaderboard` and `#/player/<id>` the ranked pages.
 */
import './style.css';
// Pixi's precompiled shader uploads: the page then runs under a content-security policy without 'unsafe-eval'.
import 'pixi.js/unsafe-eval';
import { showLobby } from './lobby';
import { showFlip7 } from './games/flip7/view';
import { showGomoku } from './games/gomoku/view';
import { showMonty } from './games/monty/view';
import { showTicTacToe } from './games/tictactoe/view';
import { showTen } from './games/ten/view';
import { savedName } from './net';
import { renderWhoami } from './ranked/account';
import { showLeaderboard, showPlayer } from './ranked/pages';

type Unmount = () => void;
let unmount: Unmount | null = null;

async function route(): Promise<void> {
  void renderWhoami(document.getElementById('whoami')!, savedName());
  unmount?.();
  unmount = null;
  const view = document.getElementById('view')!;
  view.replaceChildren();
  const match = /^#\/(room|flip7|monty|tictactoe|ten)\/([\w-]+)(\/watch)?$/.exec(location.hash);
  const player = /^#\/player\/([\w-]+)$/.exec(location.hash);
  const show = { room: showGomoku, flip7: showFlip7, monty: showMonty, tictactoe: showTicTacToe, ten: showTen }[match?.[1] ?? 'room'] ?? showGomoku;
  if (location.hash === '#/leaderboard') unmount = await showLeaderboard(view);
  else if (player) unmount = await showPlayer(view, player[1]);
  else unmount = match ? await show(view, match[2], Boolean(match[3])) : await showLobby(view);
}

window.addEventListener('hashchange', () => void route());
window.addEventListener('parlor:reopen', () => void route());
void route();
