import { h } from '../../dom';
import { createButton, type ClientGame } from '../client-game';
import { tictactoeAbout } from './about';
import { showTicTacToe } from './view';

export const tictactoeClient: ClientGame = {
  room: 'tictactoe',
  about: tictactoeAbout,
  path: 'tictactoe',
  label: 'Tic Tac Toe',
  show: showTicTacToe,
  lobby: {
    group: 'Single-player',
    controls() {
      const starter = h('select', { id: 'ttt-starter' }, h('option', { value: 'human' }, 'I start (X)'), h('option', { value: 'ai' }, 'The AI starts'));
      return [h('div', { class: 'form-row' }, createButton('new-ttt', 'Tic Tac Toe vs the AI', tictactoeClient, () => ({ starter: starter.value })), starter)];
    },
  },
  describe: () => 'single-player',
  phases: { InProgress: 'playing', WinX: 'finished', WinO: 'finished', Draw: 'finished' },
};
