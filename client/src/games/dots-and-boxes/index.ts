import { h } from '../../dom';
import { createButton, type ClientGame } from '../client-game';
import { dotsAndBoxesAbout } from './about';
import { showDotsAndBoxesReplay } from './replay';
import { showDotsAndBoxes } from './view';

export const dotsAndBoxesClient: ClientGame = {
  room: 'dots_and_boxes',
  about: dotsAndBoxesAbout,
  path: 'dots-and-boxes',
  label: 'Dots and Boxes',
  show: showDotsAndBoxes,
  replay: showDotsAndBoxesReplay,
  lobby: {
    group: 'New Dots and Boxes game',
    controls() {
      const clock = h('select', { id: 'dab-clock' }, ...[[15, '15 s'], [30, '30 s'], [60, '1 min'], [120, '2 min']].map(([v, label]) => h('option', { value: v, selected: v === 60 }, String(label))));
      return [h('div', { class: 'form-row' }, createButton('new-dots-and-boxes', 'New Dots and Boxes game', dotsAndBoxesClient, () => ({ turnSeconds: Number(clock.value) })), h('label', {}, 'Clock per line ', clock))];
    },
  },
  describe: (m) => `${Number(m.turnSeconds ?? 60)} s a line`,
  phases: { waiting: 'waiting for a player', playing: 'playing', game_over: 'finished' },
};
