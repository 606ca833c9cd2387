/**
 * Monty Hall's server part: its schema, the mirror of the rules' public view (never the prize
 * before the game is complete), and the statistics kept by the counter store — this player's
 * (by name) and everyone's. A completed game is counted before anyone sees it.
 */
import { completedResult, EMPTY_STATS, MONTY_WAITING_VIEW, montyHallGame, record, type Statistics } from '../../../shared/games/monty-hall';
import type { Services } from '../../services';
import type { ServerGame } from '../../table/server-game';
import { syncArray } from '../../table/sync-array';
import { MontyDoor, MontyHallState, MontyPlayer, MontyResultView, MontyStats } from './schema';

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
const everyone = async (services: Services) => new MontyStats(toStats(await services.counters.get(ALL)));

export const montyHallServer: ServerGame<typeof montyHallGame, MontyHallState, MontyListing> = {
  definition: montyHallGame,
  schema: MontyHallState,
  whenFull: 'refuse',
  whenGone: 'keep',
  endsAtOutcome: false,
  init(state) {
    Object.assign(state, { spectators: 0, gamesPlayed: 0, stats: new MontyStats(EMPTY_STATS), allStats: new MontyStats(EMPTY_STATS) });
  },
  row: (seat) => (seat.bot ? null : new MontyPlayer({ name: seat.name, connected: true, returnBy: 0 })),
  mirror(state, view) {
    const shown = view ?? MONTY_WAITING_VIEW;
    state.phase = shown.phase;
    syncArray(state.doors, shown.doors.map((d) => new MontyDoor(d)));
    state.playerChoice = shown.playerChoice;
    state.hostRevealed = shown.hostRevealed;
    state.result = shown.result ? new MontyResultView(shown.result) : (undefined as unknown as MontyHallState['result']);
    state.gamesPlayed = shown.gamesPlayed;
  },
  listing: (state) => ({ phase: state.phase }),
  async created(ctx, state) {
    state.allStats = await everyone(ctx.services);
  },
  /** The player's statistics so far, under their name. */
  async seated(ctx, state, seat) {
    state.stats = new MontyStats(toStats(await ctx.services.counters.get(playerGroup(seat.name))));
  },
  async afterStep(ctx, events) {
    const result = completedResult(events);
    const player = ctx.seats[0];
    if (!result || !player) return;
    const state = ctx.schema as unknown as MontyHallState;
    const counts = record(EMPTY_STATS, result) as unknown as Record<string, number>;
    await Promise.all([ctx.services.counters.add(ALL, counts), ctx.services.counters.add(playerGroup(player.name), counts)]);
    state.stats = new MontyStats(record(toStats(state.stats.toJSON() as Record<string, number>), result));
    state.allStats = await everyone(ctx.services);
  },
  // The player's statistics as the room shows them; everyone's are read again.
  save: (_ctx, state) => ({ stats: state.stats.toJSON() }),
  async restore(data, ctx, state) {
    const saved = data as { stats?: Record<string, number> } | null;
    state.stats = new MontyStats(toStats(saved?.stats ?? {}));
    state.allStats = await everyone(ctx.services);
  },
};
