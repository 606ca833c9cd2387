/**
 * The `ten_exorcism` room: the server generates the board from the seed, checks every
 * selection (answering `selection {valid, sum, tiles}` for the seed's red/green feedback) and
 * keeps the score; `export` answers `session` in the seed's export format. A finished game is
 * verified by replay and entered in the high-score table.
 */
import { randomInt } from 'node:crypto';
import * as v from 'valibot';
import { exportSession, newGame, select, tenExorcismMessages, verifySession, type TenState, type TenErrorCode } from '../../shared/games/ten-exorcism';
import { highScores } from '../stats/high-scores';
import { SinglePlayerRoom, singlePlayerOptions, type SeatSnapshot } from '../table/single-player-room';
import { syncArray } from '../table/sync-array';
import { TenExorcismState, TenPlayer } from './ten-exorcism-schema';

export interface TenListing {
  game: 'ten_exorcism';
  players: string[];
  phase: string;
  spectators: number;
  open: false;
}

const seedMessage = 'seed must be an integer from 0 to 2^32-1';
const tenOptions = {
  ...singlePlayerOptions,
  seed: v.optional(v.pipe(v.number(seedMessage), v.integer(seedMessage), v.minValue(0, seedMessage), v.maxValue(2 ** 32 - 1, seedMessage))),
};

export class TenExorcismRoom extends SinglePlayerRoom<TenExorcismState, TenListing, TenErrorCode> {
  protected readonly gameName = 'ten_exorcism';
  protected readonly optionEntries = tenOptions;
  override state = new TenExorcismState();
  private game: TenState = newGame(0);
  private startedAt = Date.now();

  protected playerRow(name: string, connected: boolean, returnBy: number) {
    return new TenPlayer({ name, connected, returnBy });
  }

  static override async onAuth(_token: string, options: unknown) {
    return SinglePlayerRoom.checkClientOptions(tenOptions, options);
  }

  override async onCreate(rawOptions: unknown) {
    const { options, restore } = this.createOptions(rawOptions);
    this.game = newGame(typeof options.seed === 'number' ? options.seed : randomInt(2 ** 32));
    Object.assign(this.state, { spectators: 0, attempts: 0 });
    this.handle('select', tenExorcismMessages.select, (client, selection) => {
      if (!this.mayAct(client)) return;
      return this.persistence.serial(async () => {
        const result = select(this.game, selection, Date.now() - this.startedAt);
        if (!result.ok) return this.reject(client, result.code, result.message);
        this.game = result.state;
        const [validation] = result.events;
        await this.persistence.save(this.snapshot(), { seq: this.game.actions.length, entry: this.game.actions.at(-1) });
        if (this.game.isGameOver) await this.enterHighScore();
        client.send('selection', { valid: validation.isValid, sum: validation.sum, tiles: validation.tileCount });
        this.mirror();
        this.afterChange();
      });
    });
    this.handle('export', tenExorcismMessages.export, (client) => client.send('session', this.exported()));
    this.handleUnknownMessages();
    if (restore !== undefined) {
      const snap = await this.restoreSeats<SeatSnapshot & { game: TenState; startedAt: number }>(restore);
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
