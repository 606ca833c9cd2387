/**
 * The `monty_hall` room: one player (the creator) against the host, any number of spectators.
 * The prize is placed and the host's door chosen with node:crypto; the synced state is the
 * game's public view, so the prize reaches nobody before the game is complete. Results feed
 * the statistics (this player's and everyone's) kept by the counter store.
 */
import type { Client } from '@colyseus/core';
import { applyAction, EMPTY_STATS, montyHallMessages, newGame, publicView, record, type MontyAction, type MontyState, type Statistics, type MontyErrorCode } from '../../shared/games/monty-hall';
import { cryptoRandom } from '../crypto-random';
import { counterStore } from '../stats/counter-store';
import { MontyDoor, MontyHallState, MontyPlayer, MontyResultView, MontyStats } from './monty-hall-schema';
import { SinglePlayerRoom, singlePlayerOptions, type SeatSnapshot } from '../table/single-player-room';
import { syncArray } from '../table/sync-array';

export interface MontyListing {
  game: 'monty_hall';
  players: string[];
  phase: string;
  spectators: number;
  open: false;
}

const ALL = 'monty:all';
const playerGroup = (name: string) => `monty:player:${name.toLowerCase()}`;
const toStats = (counts: Record<string, number>): Statistics => ({ ...EMPTY_STATS, ...counts });

export class MontyHallRoom extends SinglePlayerRoom<MontyHallState, MontyListing, MontyErrorCode> {
  protected readonly gameName = 'monty_hall';
  protected readonly optionEntries = singlePlayerOptions;
  override state = new MontyHallState();
  private game: MontyState = newGame(cryptoRandom);

  protected playerRow(name: string, connected: boolean, returnBy: number) {
    return new MontyPlayer({ name, connected, returnBy });
  }

  protected override async playerJoined() {
    this.state.stats = new MontyStats(toStats(await counterStore().get(playerGroup(this.playerName))));
  }

  static override async onAuth(_token: string, options: unknown) {
    return SinglePlayerRoom.checkClientOptions(singlePlayerOptions, options);
  }

  override async onCreate(rawOptions: unknown) {
    Object.assign(this.state, { spectators: 0, gamesPlayed: 0, stats: new MontyStats(EMPTY_STATS), allStats: new MontyStats(EMPTY_STATS) });
    this.handle('select', montyHallMessages.select, (client, { door }) => this.act(client, { type: 'select', door }));
    this.handle('decide', montyHallMessages.decide, (client, { strategy }) => this.act(client, { type: 'decide', strategy: strategy as 'stick' }));
    this.handle('new_game', montyHallMessages.new_game, (client) => {
      if (!this.mayAct(client)) return;
      if (this.game.phase !== 'complete') return this.reject(client, 'invalid_phase', 'finish this game first');
      this.game = newGame(cryptoRandom);
      this.mirror();
      void this.persistence.serial(() => this.persistence.save(this.snapshot()));
      this.afterChange();
    });
    this.handleUnknownMessages();
    const restoreId = this.createOptions(rawOptions).restore;
    if (restoreId !== undefined) await this.restore(restoreId);
    this.state.allStats = new MontyStats(toStats(await counterStore().get(ALL)));
    this.mirror();
    this.metadata = this.listing();
    this.broadcastPatch();
  }

  /** Applies one action; a finished game is counted (for this player and everyone) before anyone sees it. */
  private act(client: Client, action: MontyAction) {
    if (!this.mayAct(client)) return;
    return this.persistence.serial(async () => {
      const result = applyAction(this.game, action, cryptoRandom);
      if (!result.ok) return this.reject(client, result.code, result.message);
      this.game = result.state;
      const done = result.state.result;
      if (done && result.state.phase === 'complete') {
        const counts = record(EMPTY_STATS, done) as unknown as Record<string, number>;
        await Promise.all([counterStore().add(ALL, counts), counterStore().add(playerGroup(this.playerName), counts)]);
        this.state.stats = new MontyStats(record(toStats(this.state.stats.toJSON() as Record<string, number>), done));
        this.state.allStats = new MontyStats(toStats(await counterStore().get(ALL)));
        this.state.gamesPlayed += 1;
      }
      await this.persistence.save(this.snapshot(), { seq: this.state.gamesPlayed * 2 + (result.state.phase === 'complete' ? 0 : 1), entry: action });
      this.mirror();
      this.afterChange();
    });
  }

  private mirror() {
    const view = publicView(this.game);
    this.state.phase = view.phase;
    syncArray(this.state.doors, view.doors.map((d) => new MontyDoor(d)));
    this.state.playerChoice = view.playerChoice;
    this.state.hostRevealed = view.hostRevealed;
    this.state.result = view.result ? new MontyResultView(view.result) : (undefined as unknown as MontyHallState['result']);
  }

  protected snapshot() {
    return { v: 1, ...this.seatSnapshot(), game: this.game, stats: this.state.stats.toJSON(), gamesPlayed: this.state.gamesPlayed };
  }

  /** Rebuilds the room under its old id after a crash or a deploy; the player and spectators keep their seats. */
  private async restore(roomId: string) {
    const snap = await this.restoreSeats<SeatSnapshot & { game: MontyState; stats: unknown; gamesPlayed: number }>(roomId);
    this.game = snap.game;
    this.state.stats = new MontyStats(toStats(snap.stats as Record<string, number>));
    this.state.gamesPlayed = snap.gamesPlayed;
  }

  protected listing(): MontyListing {
    return { game: 'monty_hall', players: this.playerName ? [this.playerName] : [], phase: this.state.phase, spectators: this.state.spectators, open: false };
  }
}
