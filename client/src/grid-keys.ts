/**
 * Keyboard play on a board's focusable container, as the boards share it: the arrow keys move a
 * cursor over a grid of `columns` × `rows` cells (stopping at the edges), Enter or Space plays at
 * it; keys held with Alt, Ctrl or Meta are left to the browser, and so are the arrows along a
 * grid's single row or column (Connect Four's columns are one row). A key the board takes goes
 * no further (a review's arrows on the window step through the moves). The board keeps the
 * cursor and draws it.
 */
export interface GridKeys {
  columns: number;
  rows: number;
  /** The cursor's cell (row by row, row 0 on top), or null while there is none. */
  cursor(): number | null;
  /** The cell the arrows step from while there is no cursor. */
  start(): number;
  /** While there is no cursor, the first arrow puts it on `start()` instead of a step from there (Gomoku's last stone). */
  firstShows?: boolean;
  /** Whether the board takes the keys now (by default always). */
  active?(): boolean;
  /** The arrows moved the cursor to `cell` (it may be where it was, at an edge). */
  moveTo(cell: number): void;
  /** Enter or Space at the cursor's cell. */
  play(cell: number): void;
}

const STEPS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** `listening`: the listener's options (a scene's `untilDestroyed`, so no key reaches a destroyed board). */
export function gridKeys(container: HTMLElement, grid: GridKeys, listening?: AddEventListenerOptions): void {
  const { columns, rows } = grid;
  const clamp = (n: number, size: number) => Math.min(size - 1, Math.max(0, n));
  container.addEventListener('keydown', (e) => {
    if (grid.active?.() === false || e.altKey || e.ctrlKey || e.metaKey) return;
    const cursor = grid.cursor();
    const arrow = STEPS[e.key];
    if (arrow && (arrow[0] ? columns > 1 : rows > 1)) {
      const [dx, dy] = cursor === null && grid.firstShows ? [0, 0] : arrow;
      const from = cursor ?? grid.start();
      grid.moveTo(clamp(Math.floor(from / columns) + dy, rows) * columns + clamp((from % columns) + dx, columns));
    } else if ((e.key === 'Enter' || e.key === ' ') && cursor !== null) grid.play(cursor);
    else return;
    e.preventDefault();
    e.stopPropagation();
  }, listening);
}
