/**
 * The Flip 7 table: the Pixi canvas (piles, seat rows, cards, score tracks) and the HTML
 * around it — phase banner, Start / Hit / Stay, the target prompt, your bust risk from the
 * advisor, the event ticker, the round summary and the result.
 */
import type { Room } from '@colyseus/sdk';
import { h, setConnectionBanner, toast } from '../../dom';
import { currentName } from '../../name';
import { enterRoom, forgetRoom, rememberRoom, reopenOnLoss } from '../../net';
import { TableRenderer, type SeatRow } from './table-renderer';

interface Flip7Synced {
  phase: string;
  round: number;
  host: string;
  dealer: string;
  toAct: string;
  pending: { kind: string; card: string; targets: string[] } | undefined;
  players: Map<string, SeatRow & { seat: number; risk: number; returnBy: number }>;
  deckCount: number;
  discardCount: number;
  winner: string;
  log: string[];
  deadline: number;
  nextRoundAt: number;
  spectators: number;
  toJSON(): unknown;
}

const seatKey = (roomId: string) => `parlor:seat:${roomId}`;
const PROMPT: Record<string, string> = {
  freeze: 'Click a player to freeze',
  flip_three: 'Click a player who must flip three cards',
  second_chance: 'Click a player to give your spare Second Chance to',
};

export async function showFlip7(view: HTMLElement, roomId: string, watch: boolean): Promise<() => void> {
  let room: Room<any, Flip7Synced>;
  try {
    const seatToken = sessionStorage.getItem(seatKey(roomId)) ?? undefined;
    room = (await enterRoom(roomId, { name: currentName(), spectate: watch, ...(seatToken && !watch ? { seatToken } : {}) })) as Room<any, Flip7Synced>;
  } catch (err) {
    toast(`Could not open table ${roomId}: ${(err as Error).message}`);
    location.hash = '#/';
    return () => undefined;
  }
  rememberRoom(room);
  reopenOnLoss(room);
  room.onMessage('seat_token', ({ token }: { token: string }) => sessionStorage.setItem(seatKey(roomId), token));
  room.onMessage('error', (e: { code: string; message: string }) => toast(`${e.message} (${e.code})`));
  room.onDrop(() => setConnectionBanner('Connection lost — reconnecting…'));
  room.onReconnect(() => {
    setConnectionBanner(null);
    rememberRoom(room);
  });

  const banner = h('div', { id: 'phase-banner', class: 'phase-banner' }, 'Connecting…');
  const badge = h('div', { id: 'watching', class: 'badge', hidden: true }, 'watching');
  const start = h('button', { id: 'start', class: 'primary', hidden: true, onclick: () => room.send('start', {}) }, 'Start');
  const hit = h('button', { id: 'hit', class: 'primary', hidden: true, onclick: () => room.send('hit', {}) }, 'Hit');
  const stay = h('button', { id: 'stay', hidden: true, onclick: () => room.send('stay', {}) }, 'Stay');
  const risk = h('div', { id: 'risk', class: 'muted' });
  const summary = h('div', { id: 'round-summary', class: 'result', hidden: true });
  const ticker = h('ul', { id: 'ticker', class: 'ticker' });
  const spectators = h('div', { id: 'spectators', class: 'muted' });
  const canvasWrap = h('div', { id: 'flip7-table', class: 'board-wrap' });
  view.append(h('section', { class: 'table' }, canvasWrap,
    h('aside', { class: 'side' }, badge, banner, h('div', { class: 'choices' }, start, hit, stay), risk, summary,
      h('h3', { class: 'ticker-title' }, 'Table talk'), ticker, spectators,
      h('label', { class: 'share' }, 'Share this table ', h('input', { readonly: true, value: `${location.origin}/#/flip7/${roomId}` })))));

  const renderer = new TableRenderer();
  await renderer.mount(canvasWrap);
  renderer.onRowClick = (id) => room.send('target', { sessionId: id });

  const me = () => room.sessionId;
  const nameOf = (id: string) => room.state.players?.get(id)?.name ?? '—';
  const seconds = (t: number) => Math.max(0, Math.ceil((t - Date.now()) / 1000));

  const bannerText = (s: Flip7Synced): string => {
    const mine = s.toAct === me();
    const pendingKind = s.pending?.kind ?? '';
    switch (s.phase) {
      case 'lobby':
        return s.host === me() ? `${s.players.size} seated — start when ready (3 to ${18})` : `Waiting for ${nameOf(s.host)} to start`;
      case 'playing':
        if (pendingKind) return mine ? `You: ${PROMPT[pendingKind] ?? pendingKind}` : `${nameOf(s.toAct)} chooses who gets the ${pendingKind.replace('_', ' ')}`;
        return mine ? `Round ${s.round}: your turn — Hit or Stay? (${seconds(s.deadline)} s)` : `Round ${s.round}: ${nameOf(s.toAct)}'s turn`;
      case 'round_over':
        return `Round ${s.round} over — next round in ${seconds(s.nextRoundAt)} s`;
      case 'game_over':
        return s.winner === me() ? 'You win the game!' : `${nameOf(s.winner)} wins the game!`;
      default:
        return s.phase;
    }
  };

  const render = () => {
    const s = room.state;
    if (!s || !s.players) return;
    const rows = [...s.players.entries()].sort((a, b) => a[1].seat - b[1].seat).map(([id, p]) => ({ ...p, id, cards: [...p.cards] }));
    const mine = s.toAct === me() && s.phase === 'playing';
    const choosing = mine && Boolean(s.pending?.kind);
    // The table's height on a phone follows the number of seats (style.css).
    canvasWrap.style.setProperty('--seats', String(rows.length));
    renderer.draw({ rows, deckCount: s.deckCount, discardCount: s.discardCount, toAct: s.phase === 'playing' ? s.toAct : '', me: me(), dealer: s.dealer, targets: choosing ? [...(s.pending?.targets ?? [])] : [], phase: s.phase });
    banner.textContent = bannerText(s);
    banner.classList.toggle('yours', mine);
    const seated = s.players.has(me());
    badge.hidden = seated;
    start.hidden = !(s.host === me() && (s.phase === 'lobby' || s.phase === 'round_over'));
    start.textContent = s.phase === 'lobby' ? 'Start game' : 'Next round now';
    hit.hidden = stay.hidden = !(mine && !choosing);
    stay.disabled = (s.players.get(me())?.cards.length ?? 0) === 0;
    const myRow = s.players.get(me());
    risk.textContent = seated && s.phase === 'playing' && myRow?.status === 'active' ? `Bust risk if you hit: ${Math.round((myRow.risk ?? 0) * 100)}%` : '';
    summary.hidden = s.phase !== 'round_over' && s.phase !== 'game_over';
    if (!summary.hidden) {
      summary.replaceChildren(
        h('strong', { id: 'result-text' }, s.phase === 'game_over' ? bannerText(s) : `Round ${s.round} scores`),
        h('ul', {}, ...rows.map((r) => h('li', {}, `${r.name}: +${r.roundScore} → ${r.total}`))),
        s.phase === 'game_over' ? h('a', { class: 'button', href: '#/', id: 'back-to-lobby' }, 'Back to lobby') : '');
    }
    ticker.replaceChildren(...[...s.log].slice(-14).reverse().map((line) => h('li', {}, line)));
    spectators.textContent = `${s.spectators} watching`;
  };
  room.onStateChange(render);
  render();
  const tick = window.setInterval(() => room.state?.phase && (banner.textContent = bannerText(room.state)), 500);
  Object.assign(window, { parlorTable: { state: () => room.state?.toJSON(), sessionId: () => room.sessionId, roomId } });

  return () => {
    window.clearInterval(tick);
    renderer.destroy();
    setConnectionBanner(null);
    if (room.state?.phase === 'game_over' || !room.state?.players?.has(room.sessionId)) forgetRoom(roomId);
    void room.leave();
  };
}
