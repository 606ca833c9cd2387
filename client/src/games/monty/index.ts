import { h } from '../../dom';
import { createButton, type ClientGame } from '../client-game';
import { showMonty } from './view';

export const montyClient: ClientGame = {
  room: 'monty_hall',
  path: 'monty',
  label: 'Monty Hall',
  show: showMonty,
  lobby: { group: 'Single-player', controls: () => [h('div', { class: 'form-row' }, createButton('new-monty', 'New Monty Hall game', montyClient))] },
  describe: () => 'single-player',
  phases: { initialized: 'picking a door', host_reveal: 'stick or switch?', complete: 'finished' },
};
