import { PRESENT, lateJoin, recordRoundStart, withdraw } from '../../../shared/tournament/swiss-attendance';

describe('Swiss attendance', () => {
  it('a late join is open while at most half the rounds are missed; round 1 missed scores ½, later ones 0', () => {
    expect(lateJoin(1, 7)).toEqual({ ok: true, missedScores: [] });
    expect(lateJoin(2, 7)).toEqual({ ok: true, missedScores: [0.5] });
    expect(lateJoin(4, 7)).toEqual({ ok: true, missedScores: [0.5, 0, 0] });
    expect(lateJoin(5, 7)).toMatchObject({ ok: false, code: 'late-join-closed' });
    expect(lateJoin(8, 7)).toMatchObject({ ok: false, code: 'event-over' });
    expect(lateJoin(0, 7)).toMatchObject({ ok: false, code: 'bad-round' });
    expect(lateJoin(1.5, 7)).toMatchObject({ ok: false, code: 'bad-round' });
  });

  it('a player absent at two rounds’ starts is withdrawn; being present changes nothing', () => {
    const once = recordRoundStart(PRESENT, false);
    expect(once).toEqual({ missedStarts: 1, withdrawn: false });
    expect(recordRoundStart(once, true)).toEqual(once);
    expect(recordRoundStart(once, false)).toEqual({ missedStarts: 2, withdrawn: true });
    expect(withdraw(PRESENT).withdrawn).toBe(true);
  });
});
