/**
 * The Ten Exorcism table: the Pixi board (drag a rectangle whose ghosts sum to 10), the score,
 * the session export with its verification by the server's replay, and the high-score table.
 */
import { h } from '../../dom';
import { backToLobby, openTableView } from '../../table-kit';
import type { Selection } from '../../../../shared/games/ten-exorcism/board';
import { TenBoardRenderer } from './board-renderer';

interface TenSynced {
  seed: number;
  board: number[];
  score: number;
  isGameOver: boolean;
  attempts: number;
  players: Map<string, { name: string }>;
  spectators: number;
  toJSON(): unknown;
}

export async function showTen(view: HTMLElement, roomId: string, watch: boolean): Promise<() => void> {
  const table = await openTableView<TenSynced>(roomId, watch);
  if (!table) return () => undefined;
  const { room, banner, badge, isPlayer } = table;
  const score = h('div', { id: 'ten-score', class: 'big-score' }, '0');
  const last = h('div', { id: 'last-selection', class: 'muted' });
  const verifyOut = h('div', { id: 'verify-result', class: 'muted' });
  const highs = h('ol', { id: 'high-scores' });
  const exportButton = h('button', { id: 'export', onclick: () => room.send('export', {}) }, 'Export and verify session');
  const wrap = h('div', { id: 'ten-board', class: 'board-wrap' });
  view.append(h('section', { class: 'table' }, wrap,
    h('aside', { class: 'side' }, badge, banner, score, last, exportButton, verifyOut,
      h('h3', {}, 'High scores (verified)'), highs,
      backToLobby())));

  const board = await table.mount(new TenBoardRenderer(), wrap);
  let pending: Selection | null = null;
  board.onSelect = (sel) => {
    pending = sel;
    room.send('select', sel);
  };
  room.onMessage('selection', (r: { valid: boolean; sum: number; tiles: number }) => {
    if (pending) board.showResult(pending, r.valid);
    last.textContent = r.valid ? `Exorcised ${r.tiles} ghosts (+${r.tiles})` : `Sum ${r.sum} — it must be exactly 10`;
  });
  room.onMessage('session', async (session: unknown) => {
    try {
      const res = await fetch('/api/ten/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(session) });
      const body = (await res.json()) as { valid?: boolean; score?: number; reason?: string };
      verifyOut.textContent = res.ok ? `Replayed by the server: score ${body.score} — ${body.valid ? 'verified ✓' : 'does not match'}` : `Refused: ${body.reason}`;
    } catch (err) {
      verifyOut.textContent = `Verification failed: ${(err as Error).message}`;
    }
  });
  const refreshHighs = async () => {
    const { scores } = (await (await fetch('/api/ten/highscores')).json()) as { scores: { name: string; score: number; seed: number }[] };
    highs.replaceChildren(...scores.slice(0, 10).map((s) => h('li', {}, `${s.name} — ${s.score} (seed ${s.seed})`)));
  };
  void refreshHighs();

  let wasOver = false;
  table.render(() => {
    const s = room.state;
    if (!s.board || s.board.length !== 170) return;
    const mine = isPlayer();
    board.enabled = mine && !s.isGameOver;
    score.textContent = `${s.score}`;
    banner.textContent = s.isGameOver ? `No rectangle sums to 10 any more. Final score ${s.score}.` : mine ? 'Drag a rectangle whose ghosts sum to exactly 10.' : 'Watching.';
    board.draw([...s.board]);
    if (s.isGameOver && !wasOver) void refreshHighs();
    wasOver = s.isGameOver;
  });
  return table.close;
}
