/** Tiny DOM helpers: the HTML around the canvas (forms, lists, banners). */
import { inWords } from './error-words';

type Attrs = Record<string, string | number | boolean | ((ev: Event) => void) | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Node | string | null)[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(key.replace(/^on/, ''), value);
    else if (value === true) el.setAttribute(key, '');
    else el.setAttribute(key, String(value));
  }
  for (const child of children) if (child !== null) el.append(child);
  return el;
}

let toastTimer: number | undefined;

/** Shows a short message (e.g. the server's reason for refusing a move), in words: a code in it is put in words (error-words.ts). */
export function toast(message: string, kind: 'error' | 'info' = 'error', ms = 3500): void {
  const el = document.getElementById('toast')!;
  el.textContent = inWords(message);
  el.className = `toast ${kind}`;
  el.hidden = false;
  window.clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => (el.hidden = true), ms);
}

/** A server refusal (`error {code, message}`) in words: the message as a sentence, never its code. */
export function errorText(e: { message?: string }): string {
  const message = (e.message ?? '').trim() || 'That was refused';
  return message[0].toUpperCase() + message.slice(1) + (/[.!?]$/.test(message) ? '' : '.');
}

/** Shows a server refusal as a toast: error toasts carry words only (`room.onMessage('error', errorToast)`). */
export function errorToast(e: { code?: string; message?: string }): void {
  toast(errorText(e));
}

export function setConnectionBanner(text: string | null): void {
  const el = document.getElementById('conn-banner')!;
  el.hidden = text === null;
  if (text !== null) el.textContent = text;
}
