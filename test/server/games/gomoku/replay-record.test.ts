import { gomokuGame } from '../../../../shared/games/gomoku/definition';
import { isRejected } from '../../../../shared/core/game';
import { Mulberry32 } from '../../../../shared/core/rng';
import { gomokuReplayRecord } from '../../../../server/games/gomoku/replay-record';

const rng = new Mulberry32(1);

function playedGame() {
  const config = gomokuGame.config({ rule: 'standard', swap2: false, turnSeconds: 60, clock: { minutes: 3, increment: 2 } });
  if (isRejected(config)) throw new Error(config.message);
  let state = gomokuGame.setup(config, [{ name: 'A', bot: false }, { name: 'B', bot: false }], rng).state;
  for (const [seat, x] of [[0, 0], [1, 1], [0, 2]] as const) {
    const result = gomokuGame.apply(state, seat, { type: 'place', x, y: 7 }, rng);
    if (!result.ok) throw new Error(result.code);
    state = result.state;
  }
  return state;
}

it('a Fischer game keeps its control and the time left after each step, one reading a step', () => {
  const record = gomokuReplayRecord(playedGame(), { turnSeconds: 60, computer: 0, clock: '3+2' }, [181_000, 179_500, 170_000]);
  expect(record.config.clock).toBe('3+2');
  expect(record.steps).toHaveLength(3);
  expect(record.clockLeft).toEqual([181_000, 179_500, 170_000]);
});

it('a game on the per-move clock keeps no readings', () => {
  const record = gomokuReplayRecord(playedGame(), { turnSeconds: 60, computer: 0, clock: '' }, []);
  expect(record.config.clock).toBeUndefined();
  expect(record.clockLeft).toBeUndefined();
});
