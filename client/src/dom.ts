/** Tiny DOM helpers: the HTML around the canvas (forms, lists, banners). */
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

/** Shows a short message (e.g. the server's reason for refusing a move). */
export function toast(message: string, kind: 'error' | 'info' = 'error', ms = 3500): void {
  const el = document.getElementById('toast')!;
  el.textContent = message;
  el.className = `toast ${kind}`;
  el.hidden = false;
  window.clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => (el.hidden = true), ms);
}

export function setConnectionBanner(text: string | null): void {
  const el = document.getElementById('conn-banner')!;
  el.hidden = text === null;
  if (text !== null) el.textContent = text;
}
