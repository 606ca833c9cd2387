import fc from 'fast-check';
import { NO_GAMES, arenaFirstOpens, breaksAbsolute, chooseOpener, openerBalance, recordOpening, type OpenerHistory } from '../../../shared/tournament/opener';

const history = (...opened: boolean[]): OpenerHistory => opened.reduce(recordOpening, NO_GAMES);

describe('opener balance', () => {
  it('counts openings, games, the balance and the run in a row', () => {
    const h = history(true, false, false);
    expect(h).toEqual({ opened: 1, games: 3, streak: -2 });
    expect(openerBalance(h)).toBe(-1);
  });

  it('absolute criteria: no third opening in a row, no balance beyond ±2', () => {
    expect(breaksAbsolute(history(true, true), true)).toBe(true);
    expect(breaksAbsolute(history(true, true), false)).toBe(false);
    expect(breaksAbsolute(history(true, false, true, true), true)).toBe(true); // balance would be +3... and three in a row
    expect(breaksAbsolute(history(true, true, false, true), true)).toBe(true); // balance +3
    expect(breaksAbsolute(history(true, false), true)).toBe(false);
  });

  it('chooses the opener that breaks nothing, then the one who wants it', () => {
    expect(chooseOpener(history(true, true), history(false, false), true).firstOpens).toBe(false);
    expect(chooseOpener(history(false), history(true), false).firstOpens).toBe(true);
    expect(chooseOpener(NO_GAMES, NO_GAMES, false).firstOpens).toBe(false);
  });

  it('arena: fewer openings first, then not the last opener, then the coin', () => {
    expect(arenaFirstOpens(history(true), history(false, false), false)).toBe(false);
    expect(arenaFirstOpens(history(true, false), history(false, true), false)).toBe(true);
    expect(arenaFirstOpens(NO_GAMES, NO_GAMES, true)).toBe(true);
  });

  it('whenever one choice breaks no absolute criterion, the chosen one breaks none', () => {
    const h = fc.array(fc.boolean(), { maxLength: 8 }).map((xs) => history(...xs));
    fc.assert(
      fc.property(h, h, fc.boolean(), (a, b, coin) => {
        const choice = chooseOpener(a, b, coin);
        const avoidable = (!breaksAbsolute(a, true) && !breaksAbsolute(b, false)) || (!breaksAbsolute(a, false) && !breaksAbsolute(b, true));
        if (avoidable) expect(choice.absoluteBreaks).toBe(0);
        expect(choice.absoluteBreaks).toBe(Number(breaksAbsolute(a, choice.firstOpens)) + Number(breaksAbsolute(b, !choice.firstOpens)));
      }),
    );
  });
});
