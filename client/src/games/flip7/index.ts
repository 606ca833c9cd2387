import { h } from '../../dom';
import { createButton, type ClientGame } from '../client-game';
import { flip7About } from './about';
import { showFlip7 } from './view';
import { showFlip7Replay } from './replay';

export const flip7Client: ClientGame = {
  room: 'flip7',
  about: flip7About,
  path: 'flip7',
  label: 'Flip 7',
  show: showFlip7,
  replay: showFlip7Replay,
  lobby: {
    group: 'New Flip 7 table',
    controls() {
      const maxPlayers = h('select', { id: 'new-flip7-max' }, ...[3, 4, 5, 6, 8, 10, 12, 18].map((n) => h('option', { value: n, selected: n === 8 }, String(n))));
      const bots = h('select', { id: 'new-flip7-bots' }, ...[0, 1, 2, 3, 4, 5].map((n) => h('option', { value: n, selected: n === 2 }, String(n))));
      const create = createButton('new-flip7', 'New Flip 7 game', flip7Client, () => ({ maxPlayers: Number(maxPlayers.value), bots: Math.min(Number(bots.value), Number(maxPlayers.value) - 1) }));
      return [h('div', { class: 'form-row' }, h('label', {}, 'Seats ', maxPlayers), h('label', {}, 'Bots ', bots)), create];
    },
  },
  describe: (m) => `${Number(m.seats ?? 0)}/${Number(m.maxPlayers ?? 0)} seats`,
  phases: { lobby: 'seating players', playing: 'playing', round_over: 'between rounds', game_over: 'finished' },
};
