/**
 * The Monty Hall scene's colours, and which text is drawn on which background: the scene's
 * text passes WCAG AA (4.5:1), checked by test/client/contrast.test.ts.
 */
export const MONTY = {
  door: 0x8a4b2a,
  frame: 0x3b2a14,
  /** The player's door: its outline and tag. */
  selected: 0xe3a21a,
  openDoor: 0xf3ead8,
  ink: 0x1f1a14,
  muted: 0x5f5548,
  car: 0x1d6b30,
  doorNumber: 0xfff3dc,
  /** The page behind the canvas (style.css --bg) and the chart's area on it (white at 60%). */
  page: 0xf4efe6,
  chart: 0xfbf9f5,
} as const;

/** [text, background, where]: every text colour the scene draws, on what. */
export const MONTY_TEXT_ON: readonly (readonly [number, number, string])[] = [
  [MONTY.ink, MONTY.page, 'the label above the doors, the bar labels'],
  [MONTY.muted, MONTY.page, 'the chart caption, the axis labels'],
  [MONTY.muted, MONTY.openDoor, '"goat" on an open door'],
  [MONTY.car, MONTY.openDoor, '"CAR" on an open door'],
  [MONTY.doorNumber, MONTY.door, 'a closed door\'s number'],
  [MONTY.ink, MONTY.selected, 'the "your door" tag'],
  [MONTY.ink, MONTY.openDoor, 'the "first pick" tag'],
];
