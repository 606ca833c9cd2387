/**
 * Who holds which live games against the computer, so one address (or one player) cannot
 * keep dozens of them thinking at once: a seat is admitted in the room's onAuth, before it is
 * taken, and released when its game ends, its player leaves or the room goes. Counted in this
 * process, as the worker threads it protects are this process's.
 */
import { ErrorCode, ServerError } from '@colyseus/core';
import { TOO_MANY_COMPUTER_GAMES } from '../../../shared/games/gomoku/errors';
import { computerLimits } from './computer-limits';

const byKey = new Map<string, number>();

function count(key: string, delta: number) {
  const next = (byKey.get(key) ?? 0) + delta;
  if (next > 0) byKey.set(key, next);
  else byKey.delete(key);
}

/**
 * Admits one more live game for `address` (and `player`, when the client proved one), or
 * throws the coded refusal. The returned function releases it; calling it again does nothing.
 */
export function admitComputerGame(address: string, player: string | null): () => void {
  checkComputerGame(address, player);
  const keys = player === null ? [`a:${address}`] : [`a:${address}`, `p:${player}`];
  for (const key of keys) count(key, 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const key of keys) count(key, -1);
  };
}

/**
 * Throws the refusal `admitComputerGame` would, counting nothing: also asked before a room is
 * made (the table's static onAuth), so a refused game costs no room (~40 refused
 * creations a second from one attacker were what slowed the other rooms).
 */
export function checkComputerGame(address: string, player: string | null): void {
  const { perAddress, perPlayer } = computerLimits();
  if (perAddress > 0 && (byKey.get(`a:${address}`) ?? 0) >= perAddress) {
    throw refusal(`this address already plays ${perAddress} games against the computer: finish or leave one first`);
  }
  if (player !== null && perPlayer > 0 && (byKey.get(`p:${player}`) ?? 0) >= perPlayer) {
    throw refusal(`you already play ${perPlayer === 1 ? 'a game' : `${perPlayer} games`} against the computer: finish or leave it first`);
  }
}

/** Live games counted now (tests check nothing leaks). */
export function liveComputerGames(): number {
  let total = 0;
  for (const [key, n] of byKey) if (key.startsWith('a:')) total += n;
  return total;
}

/** The refusal: the code first in its message (a join error's own code is Colyseus's number). */
function refusal(message: string): ServerError {
  return new ServerError(ErrorCode.APPLICATION_ERROR, `${TOO_MANY_COMPUTER_GAMES}: ${message}`);
}
