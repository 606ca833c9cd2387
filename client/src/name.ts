/**
 * The player's display name: kept in localStorage, typed in the lobby, and asked for by a small
 * form when a shared link is opened by someone who has none yet (rather than seating "Guest").
 */
import { h } from './dom';

const NAME_KEY = 'parlor:name';
/** The server's limit (server/guards/join-options.ts). */
const NAME_MAX = 24;

export function savedName(): string {
  return localStorage.getItem(NAME_KEY) ?? '';
}

export function saveName(name: string): void {
  localStorage.setItem(NAME_KEY, name);
}

/** The name typed in the lobby (or the one saved before), "Guest" when there is none. */
export function currentName(): string {
  const input = document.getElementById('name-input') as HTMLInputElement | null;
  const name = (input?.value ?? savedName()).trim();
  return name || 'Guest';
}

/** Shows a one-field form in `view` and resolves with the name given (saved for next time). */
export function askName(view: HTMLElement, why: string): Promise<string> {
  return new Promise((resolve) => {
    const input = h('input', { id: 'ask-name-input', maxlength: NAME_MAX, required: true, placeholder: 'Your name', autocomplete: 'nickname', 'aria-label': 'Your name' });
    const form = h('form', { id: 'ask-name', class: 'card ask-name' },
      h('h2', {}, 'Your name, please'),
      h('p', { class: 'muted' }, why),
      h('div', { class: 'form-row' }, input, h('button', { id: 'ask-name-go', class: 'primary', type: 'submit' }, 'Join')));
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const name = input.value.trim();
      if (!name) return;
      saveName(name);
      section.remove();
      resolve(name);
    });
    const section = h('section', { class: 'lobby' }, form);
    view.append(section);
    input.focus();
  });
}
