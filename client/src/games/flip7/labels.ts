/** Words of the Flip 7 table around the canvas: the waiting line and the rematch line. Pure, unit-tested. */
import { MIN_PLAYERS } from '../../../../shared/games/flip7/game';

/** Before the start: "4 of 8 seated — start when ready (needs 3)" for the host; who starts it for the others. */
export function waitingText(seated: number, maxPlayers: number, host: string | null): string {
  const count = `${seated} of ${maxPlayers} seated`;
  if (seated < MIN_PLAYERS) return `${count} — needs ${MIN_PLAYERS} to start`;
  return host === null ? `${count} — start when ready (needs ${MIN_PLAYERS})` : `${count} — waiting for ${host} to start`;
}

/** Who asked for a rematch, and who it waits for. */
export function rematchText(asked: readonly string[], waiting: readonly string[]): string {
  if (asked.length === 0) return '';
  const list = (names: readonly string[]) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);
  return waiting.length === 0 ? `Rematch: ${list(asked)} asked — setting up the table…` : `Rematch asked by ${list(asked)} — waiting for ${list(waiting)}`;
}
