/** Race to ten's server part: its schema, the mirror, its listing, and its finished games kept for their replay. */
import { schema, t, type SchemaType } from '@colyseus/schema';
import { historyPolicy } from '../../../../server/history/history-policy';
import type { ServerGame } from '../../../../server/table/server-game';
import { raceToTen } from './rules';

const RacePlayer = schema({ name: t.string(), seat: t.uint8(), connected: t.boolean(), returnBy: t.float64() }, 'RacePlayer');
const RaceRoomState = schema({
  phase: t.string(),
  total: t.uint8(),
  toMove: t.string(),
  winner: t.string(),
  deadline: t.float64(),
  replayId: t.string(),
  players: t.map(RacePlayer),
  spectators: t.uint16(),
}, 'RaceRoomState');
type RaceRoomState = SchemaType<typeof RaceRoomState>;

export const raceServer: ServerGame<typeof raceToTen, RaceRoomState> = {
  definition: raceToTen,
  schema: RaceRoomState,
  whenFull: 'watch',
  whenGone: 'abandon',
  endsAtOutcome: true,
  init: (state) => Object.assign(state, { phase: 'waiting', total: 0, toMove: '', winner: '', deadline: 0, replayId: '' }),
  row: (seat, index) => new RacePlayer({ name: seat.name, seat: index + 1, connected: true, returnBy: 0 }),
  mirror(state, view, ctx) {
    if (!view) return;
    state.phase = view.winner === null ? 'playing' : 'over';
    state.total = view.total;
    state.toMove = ctx.sessionOf(view.toAct);
    state.winner = ctx.sessionOf(view.winner);
  },
  listing: (state) => ({ phase: state.phase }),
  // Every finished race is kept (its id reaches the page in `replayId`): the numbers added are the whole game.
  policies: [historyPolicy((table) => ({ record: { added: [...table.game()!.added] } }))],
};
