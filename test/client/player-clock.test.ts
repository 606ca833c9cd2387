import { clockText, playerClock } from '../../client/src/player-clock';

describe('the players’ clocks', () => {
  const facts = { phase: 'main_game', toMove: 'a', deadline: 100_000, turnSeconds: 60 };

  it('counts down for the player to move and shows the full allowance to the other', () => {
    expect(playerClock(facts, 'a', 55_000)).toEqual({ text: '0:45', seconds: 45, running: true, low: false });
    expect(playerClock(facts, 'b', 55_000)).toEqual({ text: '1:00', seconds: 60, running: false, low: false });
  });

  it('warns at ten seconds and below, never below zero', () => {
    expect(playerClock(facts, 'a', 89_500)?.low).toBe(false);
    expect(playerClock(facts, 'a', 90_000)).toMatchObject({ text: '0:10', low: true });
    expect(playerClock(facts, 'a', 120_000)).toMatchObject({ text: '0:00', seconds: 0, low: true });
  });

  it('shows no clock before the game, after it, or without a limit', () => {
    expect(playerClock({ ...facts, phase: 'waiting' }, 'a', 0)).toBeNull();
    expect(playerClock({ ...facts, phase: 'game_over' }, 'a', 0)).toBeNull();
    expect(playerClock({ ...facts, turnSeconds: 0 }, 'a', 0)).toBeNull();
  });

  it('writes minutes and seconds', () => {
    expect([clockText(300), clockText(61), clockText(9.2), clockText(-3)]).toEqual(['5:00', '1:01', '0:10', '0:00']);
  });
});
