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

  it('a Fischer bank counts down for the seat to move from the synced facts, in tenths under ten seconds; the other shows its bank', () => {
    const f = { phase: 'main_game', toMove: 'a', deadline: 0, turnSeconds: 60, clock: '3+2', timeLeft1: 12_000, timeLeft2: 181_000, clockSeat: 1, clockSince: 50_000 };
    expect(playerClock(f, 'a', 50_000, 1)).toMatchObject({ text: '0:12', running: true, low: false });
    expect(playerClock(f, 'a', 53_050, 1)).toMatchObject({ text: '8.9', running: true, low: true });
    expect(playerClock(f, 'a', 99_000, 1)).toMatchObject({ text: '0.0', running: true });
    expect(playerClock(f, 'b', 99_000, 2)).toMatchObject({ text: '3:01', running: false, low: false });
    // The final times stay after the game, stopped.
    expect(playerClock({ ...f, phase: 'game_over', clockSeat: 0 }, 'b', 0, 2)).toMatchObject({ text: '3:01', running: false });
  });
});
