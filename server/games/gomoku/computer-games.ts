/**
 * Who holds which live games against the computer, so one address (or one player) cannot
 * keep dozens of them thinking at once: a seat is admitted in the room's onAuth, before it is
 * taken, and released when its game ends, its player leaves or the room goes. Counted in this
 * server, as the worker threads it protects are its own (computer.ts).
 */
import { ErrorCode, ServerError } from '@colyseus/core';
import { TOO_MANY_COMPUTER_GAMES } from '../../../shared/games/gomoku/errors';
import type { ComputerLimits } from '../../limits';

export class ComputerGames {
  private readonly byKey = new Map<string, number>();

  /** `limits`: the config's (perAddress, perPlayer; 0 lifts one). */
  constructor(private readonly limits: Pick<ComputerLimits, 'perAddress' | 'perPlayer'>) {}

  /**
   * Admits one more live game for `address` (and `player`, when the client proved one), or
   * throws the coded refusal. The returned function releases it; calling it again does nothing.
   */
  admit(address: string, player: string | null): () => void {
    this.check(address, player);
    const keys = player === null ? [`a:${address}`] : [`a:${address}`, `p:${player}`];
    for (const key of keys) this.count(key, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const key of keys) this.count(key, -1);
    };
  }

  /**
   * Throws the refusal `admit` would, counting nothing: also asked before a room is
   * made (the table's static onAuth), so a refused game costs no room (~40 refused
   * creations a second from one attacker were what slowed the other rooms).
   */
  check(address: string, player: string | null): void {
    const { perAddress, perPlayer } = this.limits;
    if (perAddress > 0 && (this.byKey.get(`a:${address}`) ?? 0) >= perAddress) {
      throw refusal(`this address already plays ${perAddress} games against the computer: finish or leave one first`);
    }
    if (player !== null && perPlayer > 0 && (this.byKey.get(`p:${player}`) ?? 0) >= perPlayer) {
      throw refusal(`you already play ${perPlayer === 1 ? 'a game' : `${perPlayer} games`} against the computer: finish or leave it first`);
    }
  }

  /** Live games admitted now (the `parlor_computer_games` gauge reads it). */
  get live(): number {
    let total = 0;
    for (const [key, n] of this.byKey) if (key.startsWith('a:')) total += n;
    return total;
  }

  private count(key: string, delta: number) {
    const next = (this.byKey.get(key) ?? 0) + delta;
    if (next > 0) this.byKey.set(key, next);
    else this.byKey.delete(key);
  }
}

/** The refusal: the code first in its message (a join error's own code is Colyseus's number). */
function refusal(message: string): ServerError {
  return new ServerError(ErrorCode.APPLICATION_ERROR, `${TOO_MANY_COMPUTER_GAMES}: ${message}`);
}
