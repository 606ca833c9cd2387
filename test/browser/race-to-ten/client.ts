/**
 * Race to ten's client part (its rules and server part: test/server/table/race-to-ten/): what
 * the lobby says of it, its table, its replay. Registered by ./entry.ts, the client's entry for
 * the browser test that proves a game is its folders (test/browser/test-only-game.browser.test.ts).
 */
import { h } from '../../../client/src/dom';
import { createButton, type ClientGame } from '../../../client/src/games/client-game';
import { backToLobby, openTableView } from '../../../client/src/table-kit';
import { replayLink } from '../../../client/src/replay/replay-link';
import { nameOfSeat, type FinishedGame } from '../../../client/src/replay/finished-game';
import { replayFrame, resultText, steppedScene } from '../../../client/src/replay/layout';
import { raceAbout } from './about';
import { RaceScene } from './scene';

interface RaceSynced {
  phase: string;
  total: number;
  toMove: string;
  winner: string;
  replayId: string;
  players: Map<string, { name: string; seat: number; connected: boolean }>;
  toJSON(): unknown;
}

async function showRace(view: HTMLElement, roomId: string, watch: boolean): Promise<() => void> {
  const table = await openTableView<RaceSynced>(roomId, watch, { forgetWhen: (room) => room.state?.phase === 'over' });
  if (!table) return () => undefined;
  const { room, banner, badge, isPlayer } = table;
  const add = (n: number) => h('button', { id: `race-add-${n}`, class: 'primary', onclick: () => room.send('add', { n }) }, `+${n}`);
  const buttons = h('div', { class: 'form-row' }, add(1), add(2));
  const result = h('div', { id: 'result', class: 'result', hidden: true });
  const wrap = h('div', { class: 'board-wrap' });
  view.append(h('section', { class: 'table' }, wrap, h('aside', { class: 'side' }, badge, banner, buttons, result, backToLobby())));
  const scene = await table.mount(new RaceScene(), wrap);
  const nameOf = (id: string) => (id === room.sessionId ? 'You' : room.state.players.get(id)?.name ?? '—');
  table.render(() => {
    const s = room.state;
    banner.textContent = s.phase === 'waiting' ? 'Waiting for a second player…'
      : s.phase === 'over' ? `${nameOf(s.winner)} reached ten.`
        : `Total ${s.total}: ${s.toMove === room.sessionId ? 'your turn' : `${nameOf(s.toMove)} to play`}`;
    buttons.hidden = !isPlayer() || s.phase !== 'playing' || s.toMove !== room.sessionId;
    result.hidden = !s.replayId;
    if (s.replayId) result.replaceChildren(Object.assign(replayLink(s.replayId), { id: 'replay-link' }));
    scene.draw(s.total);
  });
  return table.close;
}

function showRaceReplay(view: HTMLElement, game: FinishedGame): () => void {
  const { added } = game.record as { added: number[] };
  const totals = added.reduce((sums, n) => [...sums, sums[sums.length - 1] + n], [0]);
  const { stage, side } = replayFrame(view, game, { title: 'Race to ten', reason: () => 'reached ten' });
  const replay = steppedScene(new RaceScene(), stage, (k) => totals[k], {
    count: added.length,
    words: (k) => (k === 0 ? 'Nothing added yet.' : `${nameOfSeat(game, (k - 1) % 2)} added ${added[k - 1]}: ${totals[k]}${k === added.length ? ` · ${resultText(game, () => 'reached ten')}` : ''}`),
  });
  side.append(replay.controls.element);
  return replay.close;
}

export const raceClient: ClientGame = {
  room: 'race_to_ten',
  path: 'race-to-ten',
  label: 'Race to Ten',
  about: raceAbout,
  show: showRace,
  replay: showRaceReplay,
  lobby: {
    group: 'New Race to Ten game',
    controls: () => [h('div', { class: 'form-row' }, createButton('new-race-to-ten', 'New Race to Ten game', raceClient))],
  },
  describe: () => 'first to ten',
  phases: { waiting: 'waiting for a player', playing: 'playing', over: 'finished' },
};
