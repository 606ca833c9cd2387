/**
 * The Monty Hall table: the Pixi stage (doors and the statistics chart) plus the HTML
 * around it — what to do next, Stick / Switch, New game, the result, and everyone's numbers.
 */
import { h, setConnectionBanner } from '../../dom';
import { currentName } from '../../name';
import { forgetRoom, leaveTable, openTable } from '../../net';
import { INTERVAL_NAME, summary, type Statistics } from '../../../../shared/games/monty-hall/stats';
import { StageRenderer } from './stage-renderer';

interface MontySynced {
  phase: string;
  doors: { number: number; isOpen: boolean; state: string }[];
  playerChoice: number;
  hostRevealed: number;
  result?: { won: boolean; strategy: string; initialChoice: number; finalChoice: number; prizeLocation: number };
  stats: Statistics;
  allStats: Statistics;
  players: Map<string, { name: string; connected: boolean }>;
  spectators: number;
  toJSON(): unknown;
}

const plain = (s: Statistics): Statistics => ({ stickWins: s.stickWins, stickLosses: s.stickLosses, switchWins: s.switchWins, switchLosses: s.switchLosses });
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The player's door stays marked: the one picked until the end, then the one they ended with (and the one they left). */
function markOf(s: MontySynced, door: number): 'chosen' | 'first' | undefined {
  if (s.phase === 'complete' && s.result) return door === s.result.finalChoice ? 'chosen' : door === s.result.initialChoice ? 'first' : undefined;
  return door === s.playerChoice ? 'chosen' : undefined;
}

export async function showMonty(view: HTMLElement, roomId: string, watch: boolean): Promise<() => void> {
  const opened = await openTable<MontySynced>(roomId, { name: currentName(), spectate: watch }, 'game');
  if (!opened) return () => undefined;
  const room = opened;

  const banner = h('div', { id: 'phase-banner', class: 'phase-banner' }, 'Connecting…');
  const badge = h('div', { id: 'watching', class: 'badge', hidden: true }, 'watching');
  const stick = h('button', { id: 'stick', class: 'primary', hidden: true, onclick: () => room.send('decide', { strategy: 'stick' }) }, 'Stick');
  const change = h('button', { id: 'switch', class: 'primary', hidden: true, onclick: () => room.send('decide', { strategy: 'switch' }) }, 'Switch');
  const again = h('button', { id: 'new-round', hidden: true, onclick: () => room.send('new_game', {}) }, 'New game');
  const result = h('div', { id: 'result', class: 'result', hidden: true });
  const numbers = h('div', { id: 'monty-stats', class: 'muted' });
  const wrap = h('div', { id: 'monty-stage', class: 'board-wrap' });
  view.append(h('section', { class: 'table' }, wrap,
    h('aside', { class: 'side' }, badge, banner, h('div', { class: 'choices' }, stick, change, again), result, numbers,
      h('a', { class: 'button', href: '#/', id: 'back-to-lobby' }, 'Back to lobby'))));

  const stage = new StageRenderer();
  await stage.mount(wrap);
  stage.onDoorClick = (door) => room.send('select', { door });
  const isPlayer = () => room.state.players?.has(room.sessionId) ?? false;

  const render = () => {
    const s = room.state;
    if (!s?.doors) return;
    const player = [...(s.players?.values() ?? [])][0]?.name ?? 'the player';
    const mine = isPlayer();
    const texts: Record<string, string> = {
      initialized: mine ? 'Pick a door.' : `${player} is picking a door.`,
      host_reveal: mine ? `The host opened door ${s.hostRevealed}: a goat. Stick with door ${s.playerChoice}, or switch?` : `${player} picked door ${s.playerChoice}; the host opened door ${s.hostRevealed}.`,
      complete: s.result ? `${mine ? 'You' : player} ${s.result.strategy === 'stick' ? 'stuck with' : 'switched to'} door ${s.result.finalChoice} and ${s.result.won ? 'won the car!' : 'got a goat.'}` : '',
    };
    banner.textContent = texts[s.phase] ?? s.phase;
    badge.hidden = mine;
    stick.hidden = change.hidden = !mine || s.phase !== 'host_reveal';
    again.hidden = !mine || s.phase !== 'complete';
    result.hidden = s.phase !== 'complete' || !s.result;
    result.textContent = s.result ? `The car was behind door ${s.result.prizeLocation}.` : '';
    const everyone = plain(s.allStats);
    numbers.textContent = (['stick', 'switch'] as const).map((k) => {
      const x = summary(everyone, k);
      return `Everyone, ${k}: ${x.total ? pct(x.rate) : '—'} of ${x.total}${x.total ? ` (95% ${INTERVAL_NAME} score interval: ${pct(x.ci95[0])}–${pct(x.ci95[1])})` : ''}`;
    }).join(' · ') + ` · ${s.spectators} watching`;
    stage.draw({ doors: [...s.doors].map((d) => ({ number: d.number, state: d.state, mark: markOf(s, d.number) })), clickable: mine && s.phase === 'initialized', stats: plain(s.stats), label: mine ? 'Your games' : `${player}'s games` });
  };
  room.onStateChange(render);
  render();
  Object.assign(window, { parlorTable: { state: () => room.state?.toJSON(), sessionId: () => room.sessionId, live: () => room.connection?.isOpen === true, roomId } });

  return () => {
    stage.destroy();
    setConnectionBanner(null);
    if (!isPlayer()) forgetRoom(roomId);
    leaveTable(room);
  };
}
