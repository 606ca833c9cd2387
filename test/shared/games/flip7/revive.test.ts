/**
 * A room's snapshot in Redis holds the rules state, agenda included, as the rules that saved it
 * shaped it. States saved before the agenda was keyed by `kind` (by `t`, the Flip Three in effect
 * `flip3`, the pending card held twice) were captured from those rules (states-saved-by-80a0029.json):
 * each revives to exactly the state today's rules reach by the same play, so a restored room goes
 * on with the same game.
 */
import { KEEP_ORDER, applyAction, flip7Game, reviveState, type Flip7State } from '../../../../shared/games/flip7';
import { playRandomGame, randomLegalAction } from '../../../support/flip7-play';
import saved from './states-saved-by-80a0029.json';

describe('reviving a saved Flip 7 state', () => {
  it.each(saved.states.map((s) => [s.players, s.seed, s.step, s] as const))('a state saved with the agenda keyed by `t` (%i players, seed %i, step %i) revives to the same game', (players, seed, step, { state: old }) => {
    expect(old.agenda.every((task) => 't' in task && !('kind' in task))).toBe(true);
    expect(old.pending).toHaveProperty('kind', old.pending.card);
    const today = playRandomGame(players, seed, step).states[step];
    const revived = flip7Game.revive!(structuredClone(old));
    expect(revived).toEqual(today);
    // And it plays on as today's state does.
    const [seat, action] = randomLegalAction(today, KEEP_ORDER);
    expect(applyAction(revived, seat, action, KEEP_ORDER)).toEqual(applyAction(today, seat, action, KEEP_ORDER));
  });

  it('the saved states cover every kind of task', () => {
    const kinds = new Set(saved.states.flatMap((s) => s.state.agenda.map((task) => task.t)));
    expect([...kinds].sort()).toEqual(['assign', 'deal', 'flip3', 'resolve', 'turn_after']);
  });

  it("today's states revive as they are", () => {
    const { states } = playRandomGame(5, 361, 200);
    for (const state of states) expect(reviveState(JSON.parse(JSON.stringify(state)) as Flip7State)).toEqual(state);
  });
});
