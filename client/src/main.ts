/** The page's router: `#/` is the lobby, `#/room/<id>` a table (add `/watch` to spectate). */
import './style.css';
import { showLobby } from './lobby';
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
  const match = /^#\/room\/([\w-]+)(\/watch)?$/.exec(location.hash);
  unmount = match ? await showGomoku(view, match[1], Boolean(match[2])) : await showLobby(view);
}

window.addEventListener('hashchange', () => void route());
void route();
