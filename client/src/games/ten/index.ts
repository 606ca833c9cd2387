import { h } from '../../dom';
import { createButton, type ClientGame } from '../client-game';
import { tenAbout } from './about';
import { showTen } from './view';

export const tenClient: ClientGame = {
  room: 'ten_exorcism',
  about: tenAbout,
  path: 'ten',
  label: 'Ten Exorcism',
  show: showTen,
  lobby: {
    group: 'Single-player',
    controls() {
      const seed = h('input', { id: 'ten-seed', type: 'number', min: 0, max: 4294967295, placeholder: 'random seed' });
      const create = createButton('new-ten', 'New Ten Exorcism game', tenClient, () => (seed.value === '' ? {} : { seed: Number(seed.value) }));
      return [h('div', { class: 'form-row' }, create, h('label', {}, 'Seed ', seed))];
    },
  },
  describe: () => 'single-player',
  phases: { game_over: 'finished' },
};
