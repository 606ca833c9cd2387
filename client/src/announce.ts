/**
 * One ARIA live region for the whole page: scenes call `announce('Black h8')` and screen readers
 * read it out without the focus moving. Polite by default (waits for the reader to finish);
 * 'assertive' interrupts, for what cannot wait (a clock about to run out).
 * The region is visually hidden but stays in the accessibility tree (not display:none).
 */
/** Visually hidden, set through the CSSOM: the page's content-security policy refuses style attributes. */
const HIDDEN: Partial<CSSStyleDeclaration> = { position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: '0', border: '0', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

function region(priority: 'polite' | 'assertive'): HTMLElement {
  const id = `announce-${priority}`;
  const found = document.getElementById(id);
  if (found) return found;
  const el = document.createElement('div');
  el.id = id;
  el.setAttribute('aria-live', priority);
  el.setAttribute('aria-atomic', 'true');
  el.setAttribute('role', priority === 'assertive' ? 'alert' : 'status');
  Object.assign(el.style, HIDDEN);
  document.body.append(el);
  return el;
}

/** Says `text` to screen readers. The same words twice in a row are read twice (the region is emptied first). */
export function announce(text: string, priority: 'polite' | 'assertive' = 'polite'): void {
  const el = region(priority);
  el.textContent = '';
  // A change a moment later is a change readers notice, even when the text repeats. (A timer,
  // not requestAnimationFrame: frames stop in a background tab, and the news must still arrive.)
  window.setTimeout(() => (el.textContent = text), 30);
}
