/**
 * Colour contrast (WCAG 2.1 AA: 4.5:1 for text): the page's colours in style.css, and the text
 * the Monty Hall and Ten Exorcism scenes draw on their canvases, each on what it is drawn on.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MONTY_TEXT_ON } from '../../client/src/games/monty/palette';
import { GHOST_INK, POWER_COLOURS } from '../../client/src/games/ten/palette';

const AA = 4.5;

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const hexOf = (n: number) => `#${n.toString(16).padStart(6, '0')}`;
const long = (hex: string) => (hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex);

const css = readFileSync(path.resolve(__dirname, '../../client/src/style.css'), 'utf8');
const variables = Object.fromEntries([...css.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{3,6})\b/g)].map(([, name, value]) => [name, long(value)]));
const colour = (c: string) => (c.startsWith('--') ? variables[c.slice(2)] : long(c));

/** [text, background, where] as style.css uses them (variables by name, so a change to one is checked). */
const PAGE: [string, string, string][] = [
  ['--ink', '--bg', 'body text'],
  ['--ink', '--card', 'text on cards and the side panel'],
  ['--muted', '--bg', 'muted text on the page'],
  ['--muted', '--card', 'muted text on cards'],
  ['--muted', '#efe5d5', 'muted text on the phase banner'],
  ['--muted', '#ffffff', 'placeholders in inputs'],
  ['--muted', '#ebfbee', 'the share line in the result box'],
  ['#ffffff', '--accent', 'primary buttons'],
  ['--accent-ink', '--card', '"How to play"'],
  ['--ok-ink', '--card', 'a connected player'],
  ['--bad', '--card', 'an absent player'],
  ['#ffffff', '--bad', 'error toasts'],
  ['#ffffff', '#2b2118', 'info toasts'],
  ['#ffffff', '#364fc7', 'the "watching" badge'],
  ['#f4efe6', '#2b2118', 'the top bar'],
  ['#f3c77a', '#2b2118', 'the rating in the top bar'],
  ['--ink', '#f59f00', 'the connection banner'],
  ['#7a5c12', '#fbf3dc', 'the ranked series line'],
  ['#1d7a33', '--card', 'a rating gain'],
  ['#a3261d', '--card', 'a rating loss'],
  ['#666666', '#f7f4ec', 'rating chart labels'],
  ['--ink', '#ffe8cc', 'the banner when it is your turn'],
];

describe('colour contrast passes WCAG AA (4.5:1) for text', () => {
  it('reads every colour variable it checks from style.css', () => {
    for (const name of ['ink', 'bg', 'card', 'muted', 'accent', 'accent-ink', 'ok-ink', 'bad']) expect(variables[name]).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it.each(PAGE)('the page: %s on %s (%s)', (text, background) => {
    expect(contrast(colour(text), colour(background))).toBeGreaterThanOrEqual(AA);
  });

  it.each(MONTY_TEXT_ON.map(([t, b, where]) => [hexOf(t), hexOf(b), where]))('Monty Hall scene: %s on %s (%s)', (text, background) => {
    expect(contrast(text, background)).toBeGreaterThanOrEqual(AA);
  });

  it('Ten Exorcism: the power on every ghost', () => {
    for (const body of POWER_COLOURS.slice(1)) expect(contrast(hexOf(GHOST_INK), hexOf(body))).toBeGreaterThanOrEqual(AA);
  });

  it('the measure itself: black on white is 21:1, a colour on itself 1:1, the old muted grey on the page fails', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#7a6e60', '#7a6e60')).toBe(1);
    expect(contrast('#7a6e60', '#f4efe6')).toBeLessThan(AA);
  });
});
