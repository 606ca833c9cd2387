/**
 * The Gomoku mirror syncs the last stone, the count and the game's name, and a client's
 * MoveTrail rebuilds the whole list from those and the room's `moves` answers. Modelled here
 * with the real mirror and schema: patches and answers reach the client in the order the room
 * sends them (one socket), a question reaches the room after any number of further steps, and
 * steps may share a patch. The client's list always equals the list of the state it shows.
 */
import fc from 'fast-check';
import { applyAction, MoveTrail, movesToArray, newGame, type GomokuState, type MovesAnswer, type MovesSynced } from '../../../../shared/games/gomoku';
import { mirrorGomoku, movesAnswer } from '../../../../server/games/gomoku/mirror';
import { GomokuRoomState } from '../../../../server/games/gomoku/schema';

const sessionOf = (seat: number) => `s${seat}`;
const cells = (state: GomokuState) => movesToArray(state.moves).map((m) => m.y * 15 + m.x);

/** The states of a freestyle game played on `played` (occupied or repeated cells are skipped). */
function statesOf(played: number[]): GomokuState[] {
  let state = newGame({ rule: 'freestyle', swap2: false });
  const states = [state];
  for (const cell of played) {
    if (state.toAct === null) break;
    const result = applyAction(state, state.toAct, { type: 'place', x: cell % 15, y: Math.floor(cell / 15) });
    if (!result.ok) continue;
    state = result.state;
    states.push(state);
  }
  return states;
}

const synced = (t: GomokuRoomState): MovesSynced => ({ startedAt: t.startedAt, moveCount: t.moveCount, lastMove: t.lastMove });

it('the synced fields are the last stone, the count and the game; nothing of the list before them', () => {
  const target = new GomokuRoomState();
  mirrorGomoku(target, null, sessionOf, 0);
  expect(synced(target)).toEqual({ startedAt: 0, moveCount: 0, lastMove: -1 });
  const states = statesOf([112, 113, 127]);
  for (const state of states) mirrorGomoku(target, state, sessionOf, 1000);
  expect(synced(target)).toEqual({ startedAt: 1000, moveCount: 3, lastMove: 127 });
  expect(target.toMove).toBe(sessionOf(1));
  expect(Object.keys(target.toJSON())).not.toContain('moves');
  expect(movesAnswer(1000, states.at(-1)!)).toEqual({ startedAt: 1000, cells: [112, 113, 127] });
  expect(movesAnswer(1000, null)).toEqual({ startedAt: 1000, cells: [] });
});

type ToClient = { kind: 'patch'; s: MovesSynced; list: number[] } | { kind: 'answer'; answer: MovesAnswer };

it('property: through steps, shared patches, new games, late questions and reconnects, the client list is the shown state\'s', () => {
  const cell = fc.integer({ min: 0, max: 224 });
  const op = fc.oneof(
    fc.constant('step' as const), fc.constant('step' as const), fc.constant('step' as const),
    fc.constant('quiet-step' as const), fc.constant('new-game' as const), fc.constant('deliver' as const), fc.constant('deliver' as const),
    fc.constant('room-reads' as const), fc.constant('reconnect' as const),
  );
  fc.assert(
    fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 3 }), fc.array(op, { maxLength: 120 }), (games, ops) => {
      const target = new GomokuRoomState();
      let game = 0;
      let states = statesOf(games[0]);
      let at = 0;
      let startedAt = 1;
      const wire: ToClient[] = [];
      let questions = 0;
      const trail = new MoveTrail();
      let shown: number[] = [];
      const state = () => states[Math.min(at, states.length - 1)];
      const patch = () => wire.push({ kind: 'patch', s: synced(target), list: cells(state()) });
      const ask = (next: string) => { if (next === 'ask') questions++; };
      /** The client takes one message from its socket. */
      const deliver = () => {
        const message = wire.shift();
        if (!message) return;
        if (message.kind === 'patch') {
          shown = message.list;
          ask(trail.follow(message.s));
        } else {
          ask(trail.answered(message.answer, lastShown()));
        }
        if (trail.complete) expect([...trail.moves]).toEqual(shown);
      };
      let lastSynced: MovesSynced = synced(target);
      const lastShown = () => lastSynced;
      const deliverAll = () => {
        while (wire.length) {
          const m = wire[0];
          if (m.kind === 'patch') lastSynced = m.s;
          deliver();
        }
      };
      const deliverOne = () => {
        const m = wire[0];
        if (m?.kind === 'patch') lastSynced = m.s;
        deliver();
      };
      mirrorGomoku(target, state(), sessionOf, startedAt);
      patch();
      for (const o of ops) {
        if (o === 'step' || o === 'quiet-step') {
          at++;
          mirrorGomoku(target, state(), sessionOf, startedAt);
          if (o === 'step') patch();
        } else if (o === 'new-game') {
          game = (game + 1) % games.length;
          states = statesOf(games[game]);
          at = 0;
          startedAt++;
          mirrorGomoku(target, state(), sessionOf, startedAt);
        } else if (o === 'deliver') {
          deliverOne();
        } else if (o === 'room-reads' && questions > 0) {
          // The room answers in turn with its steps: what it has mirrored is patched first.
          patch();
          questions--;
          wire.push({ kind: 'answer', answer: movesAnswer(startedAt, state()) });
        } else if (o === 'reconnect') {
          // A new connection: the full state, what was in flight is lost.
          wire.length = 0;
          questions = 0;
          trail.reset();
          patch();
        }
      }
      // The game goes quiet: every step is patched, every question answered, every message read.
      patch();
      for (let round = 0; round < 3; round++) {
        deliverAll();
        while (questions > 0) {
          questions--;
          wire.push({ kind: 'answer', answer: movesAnswer(startedAt, state()) });
        }
      }
      deliverAll();
      expect(trail.complete).toBe(true);
      expect([...trail.moves]).toEqual(cells(state()));
    }),
    { numRuns: 300 },
  );
});
