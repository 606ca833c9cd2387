/**
 * Flip 7's server part: its schema, the mirror of the public table into it, the room's event
 * log and its deck commitments (the shuffles' orders, committed to with a salted hash and
 * revealed when the round ends), and its listing fields. Seats, bots, the host's start, the
 * turn clock and the next round's pause are the table's.
 */
import { botAction, distinctBotNames, flip7Game, flip7Queries, strategyNamed, type Flip7LogEntry } from '../../../shared/games/flip7';
import { historyPolicy } from '../../history/history-policy';
import { rematch } from '../../table/rematch';
import { describeFlip7 } from './replay-record';
import type { ServerGame } from '../../table/server-game';
import { commitStep, type Commitment } from './commitment';
import { logFrom, logStep, mirrorFlip7 } from './mirror';
import { Flip7RoomState, Flip7Seat } from './schema';

export interface Flip7Listing {
  game: 'flip7';
  players: string[];
  seats: number;
  maxPlayers: number;
  phase: string;
  spectators: number;
  /** Seats are still free before the start: `joinOrCreate` only matches open tables. */
  open: boolean;
}

/** One room's own data: the round's commitments (salts and orders secret until it ends) and the game's log. */
export interface Flip7Local {
  commitments: Commitment[];
  /** The game's log, structured (shared/games/flip7/log.ts); the schema shows its last lines. */
  log: Flip7LogEntry[];
  /** How many entries the log dropped from its front (LOG_CAP). */
  logBase: number;
}

export const flip7Server: ServerGame<typeof flip7Game, Flip7RoomState, Flip7Listing, Flip7Local, typeof flip7Queries> = {
  definition: flip7Game,
  schema: Flip7RoomState,
  whenFull: 'watch',
  whenGone: 'bot',
  endsAtOutcome: true,
  // A slow timer as a safety net; every accepted action is patched at once (STACK.md fact 11).
  patchRate: 1000,
  local: () => ({ commitments: [], log: [], logBase: 0 }),
  // The advisor's strategies: a decision of the rules alone, at once.
  bot: (state, seat, strategy) => botAction(state, seat, strategyNamed(strategy)),
  init(state, config) {
    // Every field gets a value before the first patch, so clients never decode `undefined`.
    Object.assign(state, {
      phase: 'lobby', round: 0, host: '', dealer: '', toAct: '', winner: '', deckCount: 0, discardCount: 0, setAsideCount: 0,
      maxPlayers: config.maxPlayers, turnSeconds: config.turnSeconds, deadline: 0, nextRoundAt: 0, spectators: 0, version: 0, replayId: '',
    });
  },
  row: (seat, index) => new Flip7Seat({
    name: seat.name, seat: index + 1, bot: seat.bot, botControlled: false, connected: true, returnBy: 0,
    total: 0, status: 'waiting', cards: [], roundScore: 0, risk: 0,
  }),
  mirror: (state, view, ctx) => mirrorFlip7(state, view, {
    sessionOf: ctx.sessionOf, seats: ctx.seats, host: ctx.host, nextRoundAt: ctx.advanceAt, commitments: ctx.local.commitments, log: ctx.local.log, logBase: ctx.local.logBase,
  }),
  listing: (state, config) => ({ seats: state.players.size, maxPlayers: config.maxPlayers, phase: state.phase }),
  // Bots sit first: one whose name a player then takes is renamed (its record, which setup and the snapshot read, and its row).
  seated(ctx, schema) {
    const names = distinctBotNames(ctx.seats.map((s) => ({ name: s?.name ?? '', bot: s?.bot ?? false })));
    ctx.seats.forEach((record, i) => {
      if (!record?.bot || record.name === names[i]) return;
      record.name = names[i];
      const row = schema.players.get(record.id);
      if (row) row.name = names[i];
    });
  },
  // Before the save: the commitments and the log entries of the step are stored with it (the mirror shows them after).
  afterStep(ctx, events) {
    ctx.local.commitments = commitStep(ctx.local.commitments, events, ctx.rules);
    logStep(ctx.local, events);
  },
  queries: {
    // A spectator stepping back through a live game asks once for what the synced last lines do not hold
    // (and again after a gap, e.g. a reconnect). Up to LOG_CAP entries for a few bytes: a few times a minute.
    log: { schema: flip7Queries.log, limit: { burst: 4, perSecond: 1 / 10 }, answer: (ctx, payload) => ['log', logFrom(ctx.local, payload.from)] },
  },
  policies: [
    // Every finished game is kept for its replay: its log, and the final table.
    historyPolicy(describeFlip7),
    rematch<Flip7RoomState>({
      votes: (state) => state.rematchVotes,
      // Everyone keeps their seat: the bots of the new table sit where they sat (the first seats).
      seat: (seat) => seat,
    }),
  ],
  save: (ctx) => ({ commitments: ctx.local.commitments, log: ctx.local.log, logBase: ctx.local.logBase }),
  restore(data, ctx) {
    const saved = data as Partial<Flip7Local> | null;
    ctx.local.commitments = saved?.commitments ?? [];
    // Snapshots from before the log was structured hold lines of text: those are not kept.
    ctx.local.log = (saved?.log ?? []).filter((e) => typeof e === 'object' && e !== null);
    ctx.local.logBase = saved?.logBase ?? 0;
  },
};
