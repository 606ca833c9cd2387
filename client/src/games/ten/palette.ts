/**
 * The Ten Exorcism board's colours: a ghost's body by its power (1-9) and the power written on
 * it, which passes WCAG AA (4.5:1) on every body (test/client/contrast.test.ts checks it).
 */
export const POWER_COLOURS = [0, 0x8ecae6, 0x6fb8d9, 0x5aa6c9, 0x7d8fd6, 0x9b7dd6, 0xb76fc9, 0xcf6aa8, 0xe0687f, 0xe6705a] as const;
export const GHOST_INK = 0x1b1424;
export const BOARD_BACKGROUND = 0x2b2233;
