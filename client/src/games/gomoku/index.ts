import { h } from '../../dom';
import { clockChoice } from '../../clock-choice';
import { createButton, type ClientGame } from '../client-game';
import { gomokuAbout } from './about';
import { showGomoku } from './view';
import { gomokuReplayScene } from './replay';

export const gomokuClient: ClientGame = {
  room: 'gomoku',
  about: gomokuAbout,
  path: 'room',
  label: 'Gomoku',
  show: showGomoku,
  replay: gomokuReplayScene,
  lobby: {
    group: 'New game',
    controls() {
      const rule = h('select', { id: 'new-rule' }, h('option', { value: 'standard' }, 'Standard (exactly five)'), h('option', { value: 'freestyle' }, 'Freestyle (five or more)'));
      const swap2 = h('input', { id: 'new-swap2', type: 'checkbox', checked: true });
      const clock = clockChoice('new-clock', [[15, '15 s'], [30, '30 s'], [60, '1 min'], [120, '2 min'], [300, '5 min']]);
      const create = createButton('new-game', 'New Gomoku game', gomokuClient, () => ({ rule: rule.value, swap2: swap2.checked, ...clock.options() }));
      const level = h('select', { id: 'computer-level' }, ...[[1, 'Level 1 (easy)'], [2, 'Level 2'], [3, 'Level 3 (strong)']].map(([v, label]) => h('option', { value: v, selected: v === 2 }, String(label))));
      const first = h('select', { id: 'computer-first' }, h('option', { value: 'human' }, 'I open'), h('option', { value: 'computer' }, 'The computer opens'));
      const computer = createButton('new-computer', 'Play the computer', gomokuClient, () => ({ rule: rule.value, swap2: swap2.checked, ...clock.options(), opponent: 'computer', level: Number(level.value), first: first.value }));
      return [
        h('div', { class: 'form-row' }, h('label', {}, 'Rule ', rule), h('label', {}, swap2, ' Swap 2 opening'), ...clock.elements),
        h('div', { class: 'form-row' }, create, computer, level, first),
      ];
    },
  },
  describe: (m) => `${String(m.rule ?? '')}${m.swap2 ? ', Swap 2' : ''}${m.clock ? `, ${String(m.clock)}` : ''}${m.ranked ? ', ranked' : ''}${m.computer ? `, vs computer (level ${Number(m.computer)})` : ''}`,
  // The analysis board: its code (the engine's worker with it) loads when it is opened.
  pages: [{ hash: /^#\/analysis(\?|$)/, show: async (view) => (await import('./analysis/board-page')).showAnalysisBoard(view) }],
  phases: { waiting: 'waiting for a player', swap2_placement: 'Swap 2 opening', swap2_choice: 'Swap 2 choice', swap2_extra: 'Swap 2 extra stones', swap2_final_choice: 'Swap 2 final choice', main_game: 'playing', game_over: 'finished' },
};
