/** The page's router: `#/` is the lobby, `#/room/<id>` a Gomoku table, `#/flip7/<id>` a Flip 7 table (add `/watch` to spectate). */
import './style.css';
import { showLobby } from './lobby';
import { showFlip7 } from './flip7/view';
import { showGomoku } from './gomoku/view';
import { savedName } from './net';

type Unmount = () => void;
let unmount: Unmount | null = null;

async function route(): Promise<void> {
  document.getElementById('whoami')!.textContent = savedName() ? `Playing as ${savedName()}` : '';
  unmount?.();
  unmount = null;
  const view = document.getElementById('view')!;
  view.replaceChildren();
  const match = /^#\/(room|flip7)\/([\w-]+)(\/watch)?$/.exec(location.hash);
  const show = match?.[1] === 'flip7' ? showFlip7 : showGomoku;
  unmount = match ? await show(view, match[2], Boolean(match[3])) : await showLobby(view);
}

window.addEventListener('hashchange', () => void route());
void route();
