/**
 * Gomoku's server part: its schema, the mirror from the rules' view into it and its
 * listing fields; ranked series, rematches and the finished-game history plug in as policies.
 */
import { controlName } from '../../../shared/core/fischer-clock';
import { gomokuGame, gomokuQueries, levelOfStrategy, type Seat } from '../../../shared/games/gomoku';
import { rankedSeries } from '../../ranked/series-policy';
import { rematch } from '../../table/rematch';
import { historyPolicy } from '../../history/history-policy';
import { describeGomoku } from './replay-record';
import type { ServerGame } from '../../table/server-game';
import { mirrorGomoku, movesAnswer } from './mirror';
import { GomokuPlayer, GomokuRoomState } from './schema';

export interface GomokuListing {
  game: 'gomoku';
  rule: string;
  swap2: boolean;
  turnSeconds: number;
  /** The Fischer control ("5+3"), '' with the per-move clock. */
  clock: string;
  players: string[];
  phase: string;
  spectators: number;
  /** A seat is free: `joinOrCreate` only matches open rooms. */
  open: boolean;
  ranked: boolean;
  /** A game against the computer: its level (0: two people). */
  computer: number;
}

export const gomokuServer: ServerGame<typeof gomokuGame, GomokuRoomState, GomokuListing, unknown, typeof gomokuQueries> = {
  definition: gomokuGame,
  schema: GomokuRoomState,
  filterBy: ['rule', 'swap2'],
  whenFull: 'watch',
  whenGone: 'abandon',
  endsAtOutcome: true,
  // A slow timer as a safety net; every accepted action is patched at once (STACK.md fact 11).
  patchRate: 1000,
  // The computer thinks in a worker thread (computer.ts); a short pause first, so its answer never lands in the same frame as the move it answers.
  bot: (state, seat, strategy, rng, services, ctx) =>
    services.computer.think({ state, seat: seat as Seat, level: levelOfStrategy(strategy), seed: Math.floor(rng.next() * 2 ** 32), room: ctx.roomId, owner: ctx.owner, signal: ctx.signal }),
  // At most so many live games against the computer per address and per player (computer-games.ts).
  admit: (config, who, services) => (config.computer ? services.computer.games.admit(who.address, who.player) : null),
  screen: (config, who, services) => (config.computer ? services.computer.games.check(who.address, who.player) : undefined),
  botDelayMs: (timings) => Math.min(timings.botDelayMs, 250),
  init(state, config) {
    // Every field gets a value before the first patch, so clients never decode `undefined`.
    Object.assign(state, {
      rule: config.rule, swap2: config.swap2, turnSeconds: config.turnSeconds, deadline: 0, turn: 0,
      clock: controlName(config.clock), timeLeft1: 0, timeLeft2: 0, clockSeat: 0, clockSince: 0,
      blackPlayer: '', whitePlayer: '', winner: '', lastMove: -1, moveCount: 0, startedAt: 0, endReason: '', replayId: '', matchId: '', bestOf: 0, gameNumber: 0, nextGameAt: 0, unrated: '',
    });
    state.ranked ??= false;
    state.computer = config.computer?.level ?? 0;
  },
  row: (seat, index) => new GomokuPlayer({ name: seat.name, seat: index + 1, connected: true, returnBy: 0, playerId: '', rating: 0, provisional: false, ratingChange: 0, wins: 0 }),
  mirror: (state, view, ctx) => mirrorGomoku(state, view, ctx.sessionOf, ctx.startedAt),
  queries: {
    // Asked on join, after a reconnect and after a gap in the synced last moves (move-trail.ts): a few
    // times a game, by every spectator of one address at once when a class watches; at most 225 cells an answer.
    moves: { schema: gomokuQueries.moves, limit: { burst: 10, perSecond: 2 }, answer: (ctx) => ['moves', movesAnswer(ctx.startedAt, ctx.rules)] },
  },
  listing: (state, config) => ({ rule: config.rule, swap2: config.swap2, turnSeconds: config.turnSeconds, clock: controlName(config.clock), phase: state.phase, ranked: state.ranked, computer: config.computer?.level ?? 0 }),
  policies: [
    rankedSeries,
    // Every finished game is kept for its replay (after the series policy, which fixes the game's number).
    historyPolicy(describeGomoku),
    rematch<GomokuRoomState>({
      votes: (state) => state.rematchVotes,
      // Against the computer, the other side opens the next game.
      next: (options) => (options.opponent === 'computer' ? { ...options, first: options.first === 'computer' ? 'human' : 'computer' } : options),
      refuse: (state) => (state.ranked ? ['ranked', 'ranked games have no rematch: queue again for a new opponent or the same one'] : null),
    }),
  ],
};
