/**
 * The `tictactoe` room: one human against the learning AI, any number of spectators. The
 * human's move and the AI's answer are applied together and reach clients in one patch;
 * after every finished game the AI learns (the Q-table store keeps it across restarts).
 */
import { randomInt } from 'node:crypto';
import type { Client } from '@colyseus/core';
import { Mulberry32 } from '../../shared/core/rng';
import * as v from 'valibot';
import { applyMove, chooseMove, gameUpdates, indexToKeypad, keypadToIndex, legalMoves, newGame, qKey, stateKey, tictactoeMessages, type Mark, type TttState, type TttTableErrorCode } from '../../shared/games/tictactoe';
import { qTableStore } from '../stats/q-table-store';
import { SinglePlayerRoom, singlePlayerOptions, type SeatSnapshot } from '../table/single-player-room';
import { syncArray } from '../table/sync-array';
import { TicTacToeState, TttPlayer } from './tictactoe-schema';

export interface TttListing {
  game: 'tictactoe';
  players: string[];
  phase: string;
  spectators: number;
  open: false;
}

const tictactoeOptions = { ...singlePlayerOptions, starter: v.optional(v.picklist(['human', 'ai'], 'starter must be "human" or "ai"'), 'human') };

export class TicTacToeRoom extends SinglePlayerRoom<TicTacToeState, TttListing, TttTableErrorCode> {
  protected readonly gameName = 'tictactoe';
  protected readonly optionEntries = tictactoeOptions;
  override state = new TicTacToeState();
  private game: TttState = newGame();
  private human: Mark = 'X';
  /** The AI's exploration is public play, not a secret: a seeded generator, seeded from crypto. */
  private rng = new Mulberry32(randomInt(2 ** 32));

  protected playerRow(name: string, connected: boolean, returnBy: number) {
    return new TttPlayer({ name, connected, returnBy });
  }

  static override async onAuth(_token: string, options: unknown) {
    return SinglePlayerRoom.checkClientOptions(tictactoeOptions, options);
  }

  /** The starter plays X, which moves first: with `starter: "ai"` the AI opens at once. */
  protected override async playerJoined(_client: Client, options: Record<string, unknown>) {
    this.human = options.starter === 'ai' ? 'O' : 'X';
    await this.aiTurn();
    this.mirror();
  }

  override async onCreate(rawOptions: unknown) {
    Object.assign(this.state, { human: 'X', aiLastKey: 0, humanWins: 0, aiWins: 0, draws: 0, spectators: 0 });
    this.handle('move', tictactoeMessages.move, (client, { key }) => {
      if (!this.mayAct(client)) return;
      const index = keypadToIndex(key);
      if (index === null) return this.reject(client, 'invalid_key', 'key must be from 1 to 9');
      return this.persistence.serial(async () => {
        if (this.game.status === 'InProgress' && this.game.nextPlayer !== this.human) return this.reject(client, 'not_your_turn', 'the AI is moving');
        const result = applyMove(this.game, index);
        if (!result.ok) return this.reject(client, result.code, result.message);
        this.game = result.state;
        await this.aiTurn();
        await this.persistence.save(this.snapshot(), { seq: this.game.moves.length, entry: { key } });
        this.mirror();
        this.afterChange();
      });
    });
    this.handle('new_game', tictactoeMessages.new_game, (client) => {
      if (!this.mayAct(client)) return;
      return this.persistence.serial(async () => {
        if (this.game.status === 'InProgress') return this.reject(client, 'game_in_progress', 'finish this game first');
        this.game = newGame();
        this.state.aiLastKey = 0;
        await this.aiTurn();
        await this.persistence.save(this.snapshot());
        this.mirror();
        this.afterChange();
      });
    });
    this.handleUnknownMessages();
    const restoreId = this.createOptions(rawOptions).restore;
    if (restoreId !== undefined) {
      const snap = await this.restoreSeats<SeatSnapshot & { game: TttState; human: Mark; tally: [number, number, number]; rng: number }>(restoreId);
      Object.assign(this, { game: snap.game, human: snap.human, rng: new Mulberry32(snap.rng) });
      [this.state.humanWins, this.state.aiWins, this.state.draws] = snap.tally;
    }
    this.mirror();
    this.metadata = this.listing();
    this.broadcastPatch();
  }

  /** The AI moves when it is its turn; a finished game is learned from. */
  private async aiTurn() {
    if (this.game.status === 'InProgress' && this.game.nextPlayer !== this.human) {
      const s = stateKey(this.game.board);
      const known = await qTableStore().get(legalMoves(this.game).map((m) => qKey(s, m)));
      const move = chooseMove(this.game, (k) => known.get(k), this.rng)!;
      const result = applyMove(this.game, move);
      if (!result.ok) throw new Error(`the AI chose an illegal move: ${result.code}`); // a bug, never bad input
      this.game = result.state;
      this.state.aiLastKey = indexToKeypad(move);
    }
    if (this.game.status !== 'InProgress') await this.learn();
  }

  private async learn() {
    const keys = this.game.moves.map((m) => qKey(m.stateKey, m.index));
    const known = await qTableStore().get(keys);
    await qTableStore().set(gameUpdates(this.game, (k) => known.get(k)));
    const humanWon = this.game.status === (this.human === 'X' ? 'WinX' : 'WinO');
    if (this.game.status === 'Draw') this.state.draws += 1;
    else if (humanWon) this.state.humanWins += 1;
    else this.state.aiWins += 1;
  }

  private mirror() {
    syncArray(this.state.board, this.game.board);
    this.state.status = this.game.status;
    this.state.human = this.human;
    this.state.toMove = this.game.status === 'InProgress' ? this.game.nextPlayer : '';
  }

  protected snapshot() {
    return { v: 1, ...this.seatSnapshot(), game: this.game, human: this.human, tally: [this.state.humanWins, this.state.aiWins, this.state.draws], rng: this.rng.state };
  }

  protected listing(): TttListing {
    return { game: 'tictactoe', players: this.playerName ? [this.playerName] : [], phase: this.game.status, spectators: this.state.spectators, open: false };
  }
}
