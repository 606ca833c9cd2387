import { h } from '../../dom';
import { createButton, type ClientGame } from '../client-game';
import { connectFourAbout } from './about';
import { showConnectFour } from './view';
import { showConnectFourReplay } from './replay';

export const connectFourClient: ClientGame = {
  room: 'connect_four',
  about: connectFourAbout,
  path: 'connect-four',
  label: 'Connect Four',
  show: showConnectFour,
  replay: showConnectFourReplay,
  lobby: {
    group: 'New Connect Four game',
    controls() {
      const clock = h('select', { id: 'c4-clock' }, ...[[15, '15 s'], [30, '30 s'], [60, '1 min'], [120, '2 min']].map(([v, label]) => h('option', { value: v, selected: v === 60 }, String(label))));
      return [h('div', { class: 'form-row' }, createButton('new-connect-four', 'New Connect Four game', connectFourClient, () => ({ turnSeconds: Number(clock.value) })), h('label', {}, 'Clock per move ', clock))];
    },
  },
  describe: (m) => `${Number(m.turnSeconds ?? 60)} s a move`,
  phases: { waiting: 'waiting for a player', playing: 'playing', game_over: 'finished' },
};
