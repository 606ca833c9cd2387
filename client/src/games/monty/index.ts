import { h } from '../../dom';
import { statsKey } from '../../net';
import { savedAccount } from '../../ranked/account';
import { createButton, type ClientGame } from '../client-game';
import { montyAbout } from './about';
import { showMonty } from './view';

/** Who the player is, for "Your games": the ranked account when signed in, and this browser's statistics key. */
const identity = () => {
  const account = savedAccount();
  return { statsKey: statsKey(), ...(account ? { account: account.token } : {}) };
};

export const montyClient: ClientGame = {
  room: 'monty_hall',
  about: montyAbout,
  path: 'monty',
  label: 'Monty Hall',
  show: showMonty,
  lobby: { group: 'Single-player', controls: () => [h('div', { class: 'form-row' }, createButton('new-monty', 'New Monty Hall game', montyClient, identity))] },
  describe: () => 'single-player',
  phases: { initialized: 'picking a door', host_reveal: 'stick or switch?', complete: 'finished' },
};
