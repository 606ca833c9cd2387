/**
 * How the load bench writes a figure, a ratio and a table row. A module of its own, with no
 * imports, so the table builders can be tested without starting anything.
 */

/** A figure: `-` when missing, whole from 100 up, else `digits` decimals. */
export const num = (v: number | undefined, digits = 2) => (v === undefined || !Number.isFinite(v) ? '-' : v.toFixed(v >= 100 ? 0 : digits));

/** `a` over `b` as `1.23x`; `-` when either is missing or the quotient is not a number. */
export const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined || !Number.isFinite(a / b) || b === 0 ? '-' : `${(a / b).toFixed(2)}x`);

/** The first cell left-aligned, the others right-aligned, to `widths`. */
export const row = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[0]) : c.padStart(widths[i]))).join('  ');
