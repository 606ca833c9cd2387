/**
 * The `ten_exorcism` room: the server generates the board from the seed, checks every
 * selection (answering `selection {valid, sum, tiles}` for the seed's red/green feedback) and
 * keeps the score; `export` answers `session` in the seed's export format. A finished game is
 * verified by replay and entered in the high-score table.
 */
import { randomInt } from 'node:crypto';
import type { Client } from '@colyseus/core';
import { exportSession, newGame, select, verifySession, type TenState } from '../../shared/ten-exorcism';
import { highScores } from '../stats/high-scores';
import { sendError } from './errors';
import { invalidOption } from './join-options';
import { exactKeys, isInteger } from './payload';
import { SinglePlayerRoom, type SeatSnapshot } from './single-player-room';
import { syncArray } from './sync-array';
import { TenExorcismState, TenPlayer } from './ten-exorcism-schema';

export interface TenListing {
  game: 'ten_exorcism';
  players: string[];
  phase: string;
  spectators: number;
  open: false;
}

const SELECT_KEYS = ['startRow', 'startCol', 'endRow', 'endCol'] as const;
const isSeed = (v: unknown): v is number => isInteger(v) && v >= 0 && v <= 2 ** 32 - 1;

export class TenExorcismRoom extends SinglePlayerRoom<TenExorcismState, TenListing> {
  protected readonly gameName = 'ten_exorcism';
  override state = new TenExorcismState();
  private game: TenState = newGame(0);
  private startedAt = Date.now();

  protected playerRow(name: string, connected: boolean, returnBy: number) {
    return new TenPlayer({ name, connected, returnBy });
  }

  protected override checkJoinOptions(options: Record<string, unknown>) {
    if (options.seed !== undefined && !isSeed(options.seed)) throw invalidOption('seed must be an integer from 0 to 2^32-1');
  }

  override async onCreate(rawOptions: unknown) {
    const options = (rawOptions ?? {}) as { seed?: unknown; restore?: unknown };
    this.game = newGame(isSeed(options.seed) ? options.seed : randomInt(2 ** 32));
    Object.assign(this.state, { spectators: 0, attempts: 0 });
    this.onMessage('select', (client, payload) => {
      if (!this.mayAct(client)) return;
      const checked = exactKeys(payload, SELECT_KEYS);
      if (!checked.ok) return sendError(client, 'invalid_payload', checked.message);
      if (!SELECT_KEYS.every((k) => isInteger(checked.value[k]))) return sendError(client, 'invalid_payload', 'startRow, startCol, endRow and endCol must be integers');
      const v = checked.value as Record<(typeof SELECT_KEYS)[number], number>;
      void this.persistence.serial(async () => {
        const result = select(this.game, v, Date.now() - this.startedAt);
        if (!result.ok) return sendError(client, result.code, result.message);
        this.game = result.state;
        const [validation] = result.events;
        await this.persistence.save(this.snapshot(), { seq: this.game.actions.length, entry: this.game.actions.at(-1) });
        if (this.game.isGameOver) await this.enterHighScore();
        client.send('selection', { valid: validation.isValid, sum: validation.sum, tiles: validation.tileCount });
        this.mirror();
        this.afterChange();
      });
    });
    this.onMessage('export', (client, payload) => {
      const checked = exactKeys(payload, []);
      if (!checked.ok) return sendError(client, 'invalid_payload', checked.message);
      client.send('session', this.exported());
    });
    this.onMessage('*', (client, type) => sendError(client, 'unknown_message', `unknown message type ${String(type)}`));
    if (typeof options.restore === 'string') {
      const snap = await this.restoreSeats<SeatSnapshot & { game: TenState; startedAt: number }>(options.restore);
      this.game = snap.game;
      this.startedAt = snap.startedAt;
    }
    this.mirror();
    this.metadata = this.listing();
    this.broadcastPatch();
  }

  private exported() {
    return exportSession(this.game, this.roomId, this.startedAt, this.game.isGameOver ? Date.now() : 0);
  }

  /** The finished game, replayed once more before it is entered (the table holds verified sessions only). */
  private async enterHighScore() {
    const session = this.exported();
    const check = verifySession(session);
    if (!check.valid) throw new Error(`session ${session.id} does not replay to its score`); // a bug, never bad input
    await highScores().add({ id: session.id, name: this.playerName || 'Guest', score: check.score, seed: session.seed, at: Date.now() });
  }

  private mirror() {
    syncArray(this.state.board, this.game.board);
    Object.assign(this.state, { seed: this.game.seed, score: this.game.score, isGameOver: this.game.isGameOver, attempts: this.game.actions.length });
  }

  protected snapshot() {
    return { v: 1, ...this.seatSnapshot(), game: this.game, startedAt: this.startedAt };
  }

  protected listing(): TenListing {
    return { game: 'ten_exorcism', players: this.playerName ? [this.playerName] : [], phase: this.game.isGameOver ? 'game_over' : `score ${this.game.score}`, spectators: this.state.spectators, open: false };
  }
}
