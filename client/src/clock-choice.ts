/**
 * The lobby's clock picker for Gomoku and Connect Four: a clock per move (the casual default), a
 * Fischer preset (total minutes + seconds added per move), or a custom Fischer control. It gives
 * the create options the server checks (`turnSeconds`, or `clock: {minutes, increment}`).
 */
import { CLOCK_INCREMENT, CLOCK_MINUTES, CLOCK_PRESETS, controlName } from '../../shared/core/fischer-clock';
import { h } from './dom';

export interface ClockChoice {
  /** The label and its inputs, for a form row. */
  readonly elements: HTMLElement[];
  options(): { turnSeconds: number } | { clock: { minutes: number; increment: number } };
}

/** `perMove`: the per-move choices as [seconds, label]; the first of 60 s is selected. */
export function clockChoice(id: string, perMove: readonly (readonly [number, string])[]): ClockChoice {
  const select = h('select', { id },
    h('optgroup', { label: 'Per move' }, ...perMove.map(([v, label]) => h('option', { value: `s${v}`, selected: v === 60 }, `${label} a move`))),
    h('optgroup', { label: 'Total + increment' }, ...CLOCK_PRESETS.map((c) => h('option', { value: controlName(c) }, `${c.minutes} min + ${c.increment} s`)), h('option', { value: 'custom' }, 'Custom…')),
  ) as HTMLSelectElement;
  const minutes = h('input', { id: `${id}-minutes`, type: 'number', min: CLOCK_MINUTES.min, max: CLOCK_MINUTES.max, value: 10, inputmode: 'numeric', 'aria-label': 'Minutes each' }) as HTMLInputElement;
  const increment = h('input', { id: `${id}-increment`, type: 'number', min: CLOCK_INCREMENT.min, max: CLOCK_INCREMENT.max, value: 5, inputmode: 'numeric', 'aria-label': 'Seconds added per move' }) as HTMLInputElement;
  const custom = h('span', { class: 'clock-custom', hidden: true }, minutes, ' min + ', increment, ' s');
  select.addEventListener('change', () => (custom.hidden = select.value !== 'custom'));
  return {
    elements: [h('label', {}, 'Clock ', select), custom],
    options() {
      const value = select.value;
      if (value.startsWith('s')) return { turnSeconds: Number(value.slice(1)) };
      // Out-of-range numbers go to the server as typed: its refusal names the bounds.
      if (value === 'custom') return { clock: { minutes: Number(minutes.value), increment: Number(increment.value) } };
      const [m, inc] = value.split('+').map(Number);
      return { clock: { minutes: m!, increment: inc! } };
    },
  };
}
