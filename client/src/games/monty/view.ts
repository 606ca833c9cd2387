/**
 * The Monty Hall table: the Pixi stage (doors and the statistics chart) plus the HTML
 * around it — what to do next, Stick / Switch, New game, the result, and everyone's numbers.
 */
import { h } from '../../dom';
import { backToLobby, openTableView } from '../../table-kit';
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
  const table = await openTableView<MontySynced>(roomId, watch);
  if (!table) return () => undefined;
  const { room, banner, badge, isPlayer } = table;
  const stick = h('button', { id: 'stick', class: 'primary', hidden: true, onclick: () => room.send('decide', { strategy: 'stick' }) }, 'Stick');
  const change = h('button', { id: 'switch', class: 'primary', hidden: true, onclick: () => room.send('decide', { strategy: 'switch' }) }, 'Switch');
  const again = h('button', { id: 'new-round', hidden: true, onclick: () => room.send('new_game', {}) }, 'New game');
  const result = h('div', { id: 'result', class: 'result', hidden: true });
  const numbers = h('div', { id: 'monty-stats', class: 'muted' });
  const wrap = h('div', { id: 'monty-stage', class: 'board-wrap' });
  view.append(h('section', { class: 'table' }, wrap,
    h('aside', { class: 'side' }, badge, banner, h('div', { class: 'choices' }, stick, change, again), result, numbers,
      backToLobby())));

  const stage = await table.mount(new StageRenderer(), wrap);
  stage.onDoorClick = (door) => room.send('select', { door });

  table.render(() => {
    const s = room.state;
    if (!s.doors) return;
    const player = [...(s.players?.values() ?? [])][0]?.name ?? 'the player';
    const mine = isPlayer();
    const texts: Record<string, string> = {
      initialized: mine ? 'Pick a door.' : `${player} is picking a door.`,
      host_reveal: mine ? `The host opened door ${s.hostRevealed}: a goat. Stick with door ${s.playerChoice}, or switch?` : `${player} picked door ${s.playerChoice}; the host opened door ${s.hostRevealed}.`,
      complete: s.result ? `${mine ? 'You' : player} ${s.result.strategy === 'stick' ? 'stuck with' : 'switched to'} door ${s.result.finalChoice} and ${s.result.won ? 'won the car!' : 'got a goat.'}` : '',
    };
    banner.textContent = texts[s.phase] ?? s.phase;
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
  });
  return table.close;
}
