import { h } from '../../dom';
import { clockChoice } from '../../clock-choice';
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
      const clock = clockChoice('c4-clock', [[15, '15 s'], [30, '30 s'], [60, '1 min'], [120, '2 min']]);
      return [h('div', { class: 'form-row' }, createButton('new-connect-four', 'New Connect Four game', connectFourClient, () => clock.options()), ...clock.elements)];
    },
  },
  describe: (m) => (m.clock ? `${String(m.clock)} (minutes + seconds a move)` : `${Number(m.turnSeconds ?? 60)} s a move`),
  phases: { waiting: 'waiting for a player', playing: 'playing', game_over: 'finished' },
};
