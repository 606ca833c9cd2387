/**
 * The `monty_hall` room: one player (the creator) against the host, any number of spectators.
 * The prize is placed and the host's door chosen with node:crypto; the synced state is the
 * game's public view, so the prize reaches nobody before the game is complete. Results feed
 * the statistics (this player's and everyone's) kept by the counter store.
 */
import type { Client } from '@colyseus/core';
import { applyAction, EMPTY_STATS, newGame, publicView, record, type MontyAction, type MontyState, type Statistics } from '../../shared/monty-hall';
import { cryptoRandom } from '../crypto-random';
import { counterStore } from '../stats/counter-store';
import { sendError } from './errors';
import { MontyDoor, MontyHallState, MontyPlayer, MontyResultView, MontyStats } from './monty-hall-schema';
import { exactKeys, isInteger } from './payload';
import { SinglePlayerRoom, type SeatSnapshot } from './single-player-room';
import { syncArray } from './sync-array';

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

export class MontyHallRoom extends SinglePlayerRoom<MontyHallState, MontyListing> {
  protected readonly gameName = 'monty_hall';
  override state = new MontyHallState();
  private game: MontyState = newGame(cryptoRandom);

  protected playerRow(name: string, connected: boolean, returnBy: number) {
    return new MontyPlayer({ name, connected, returnBy });
  }

  protected override async playerJoined() {
    this.state.stats = new MontyStats(toStats(await counterStore().get(playerGroup(this.playerName))));
  }

  override async onCreate(rawOptions: unknown) {
    Object.assign(this.state, { spectators: 0, gamesPlayed: 0, stats: new MontyStats(EMPTY_STATS), allStats: new MontyStats(EMPTY_STATS) });
    this.onMessage('select', (client, payload) => {
      const checked = exactKeys(payload, ['door']);
      if (!checked.ok) return sendError(client, 'invalid_payload', checked.message);
      if (!isInteger(checked.value.door)) return sendError(client, 'invalid_payload', 'door must be an integer');
      this.act(client, { type: 'select', door: checked.value.door });
    });
    this.onMessage('decide', (client, payload) => {
      const checked = exactKeys(payload, ['strategy']);
      if (!checked.ok) return sendError(client, 'invalid_payload', checked.message);
      if (typeof checked.value.strategy !== 'string') return sendError(client, 'invalid_payload', 'strategy must be a string');
      this.act(client, { type: 'decide', strategy: checked.value.strategy as 'stick' });
    });
    this.onMessage('new_game', (client, payload) => {
      if (!this.mayAct(client)) return;
      const checked = exactKeys(payload, []);
      if (!checked.ok) return sendError(client, 'invalid_payload', checked.message);
      if (this.game.phase !== 'complete') return sendError(client, 'invalid_phase', 'finish this game first');
      this.game = newGame(cryptoRandom);
      this.mirror();
      void this.persistence.serial(() => this.persistence.save(this.snapshot()));
      this.afterChange();
    });
    this.onMessage('*', (client, type) => sendError(client, 'unknown_message', `unknown message type ${String(type)}`));
    const restoreId = (rawOptions as { restore?: unknown })?.restore;
    if (typeof restoreId === 'string') await this.restore(restoreId);
    this.state.allStats = new MontyStats(toStats(await counterStore().get(ALL)));
    this.mirror();
    this.metadata = this.listing();
    this.broadcastPatch();
  }

  /** Applies one action; a finished game is counted (for this player and everyone) before anyone sees it. */
  private act(client: Client, action: MontyAction) {
    if (!this.mayAct(client)) return;
    void this.persistence.serial(async () => {
      const result = applyAction(this.game, action, cryptoRandom);
      if (!result.ok) return sendError(client, result.code, result.message);
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
