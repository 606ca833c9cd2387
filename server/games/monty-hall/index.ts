/**
 * Monty Hall's server part: its schema, the mirror of the rules' public view (never the prize
 * before the game is complete), and the statistics kept by the counter store — this player's
 * (by their account or statistics key, never by name: player-identity.ts) and everyone's.
 * A completed game is counted before anyone sees it.
 */
import { completedResult, EMPTY_STATS, MONTY_WAITING_VIEW, montyHallGame, record, type Statistics } from '../../../shared/games/monty-hall';
import type { Services } from '../../services';
import type { ServerGame } from '../../table/server-game';
import { syncArray } from '../../table/sync-array';
import { montyPlayerIdentity, type MontyLocal } from './player-identity';
import { MontyDoor, MontyHallState, MontyPlayer, MontyResultView, MontyStats } from './schema';

export interface MontyListing {
  game: 'monty_hall';
  players: string[];
  phase: string;
  spectators: number;
  open: false;
}

const ALL = 'monty:all';
const toStats = (counts: Record<string, number>): Statistics => ({ ...EMPTY_STATS, ...counts });
const everyone = async (services: Services) => new MontyStats(toStats(await services.counters.get(ALL)));
/** The player's statistics: a completed game's not yet shown, else the room's. */
const shownStats = (local: MontyLocal, state: MontyHallState): Statistics => local.counted?.stats ?? toStats(state.stats.toJSON() as Record<string, number>);

export const montyHallServer: ServerGame<typeof montyHallGame, MontyHallState, MontyListing, MontyLocal> = {
  definition: montyHallGame,
  schema: MontyHallState,
  whenFull: 'refuse',
  whenGone: 'keep',
  endsAtOutcome: false,
  local: (): MontyLocal => ({ group: null, counted: null }),
  policies: [montyPlayerIdentity],
  init(state) {
    Object.assign(state, { spectators: 0, gamesPlayed: 0, stats: new MontyStats(EMPTY_STATS), allStats: new MontyStats(EMPTY_STATS) });
  },
  row: (seat) => (seat.bot ? null : new MontyPlayer({ name: seat.name, connected: true, returnBy: 0 })),
  mirror(state, view, ctx) {
    const shown = view ?? MONTY_WAITING_VIEW;
    const { counted } = ctx.local;
    if (counted) {
      state.stats = new MontyStats(counted.stats);
      state.allStats = new MontyStats(counted.allStats);
      ctx.local.counted = null;
    }
    state.phase = shown.phase;
    syncArray(state.doors, shown.doors.map((d) => new MontyDoor(d)));
    state.playerChoice = shown.playerChoice;
    state.hostRevealed = shown.hostRevealed;
    state.result = shown.result ? new MontyResultView(shown.result) : undefined;
    state.gamesPlayed = shown.gamesPlayed;
  },
  listing: (state) => ({ phase: state.phase }),
  async created(ctx, state) {
    state.allStats = await everyone(ctx.services);
  },
  /** The player's statistics so far (none without an identity: then this room's games only). */
  async seated(ctx, state) {
    const group = ctx.local.group;
    if (group) state.stats = new MontyStats(toStats(await ctx.services.counters.get(group)));
  },
  async afterStep(ctx, events) {
    const result = completedResult(events);
    if (!result || !ctx.seats[0]) return;
    const state = ctx.schema;
    const counts = record(EMPTY_STATS, result);
    const group = ctx.local.group;
    // A player's own group expires after MONTY_STATS_TTL_DAYS without a game: every statistics key would otherwise stay for ever.
    const ttl = ctx.services.timings.montyStatsTtlDays * 24 * 60 * 60;
    await Promise.all([ctx.services.counters.add(ALL, counts), group ? ctx.services.counters.add(group, counts, ttl) : undefined]);
    // Shown by the mirror, after the step's save: the step itself writes nothing synced.
    ctx.local.counted = { stats: record(shownStats(ctx.local, state), result), allStats: toStats(await ctx.services.counters.get(ALL)) };
  },
  // The player's statistics as the room shows them (with a completed game's, once counted); everyone's are read again.
  save: (ctx, state) => ({ stats: { ...shownStats(ctx.local, state) } }),
  async restore(data, ctx, state) {
    const saved = data as { stats?: Record<string, number> } | null;
    // An undone step's statistics are not shown: the saved ones are.
    ctx.local.counted = null;
    state.stats = new MontyStats(toStats(saved?.stats ?? {}));
    state.allStats = await everyone(ctx.services);
  },
};
