import { phaseBanner, resultText, type TableState } from '../../../client/src/gomoku/labels';

const names: Record<string, string> = { a: 'Ada', b: 'Bo' };
const nameOf = (id: string) => names[id] ?? '—';
const base: TableState = { phase: 'swap2_placement', moves: [], toMove: 'a', blackPlayer: '', whitePlayer: '', winner: '', endReason: '' };

describe('table labels', () => {
  it('says who places which opening stone, in which colour', () => {
    expect(phaseBanner(base, 'a', nameOf)).toBe('You: place stone 1 of 3 (black)');
    expect(phaseBanner({ ...base, moves: [1] }, 'b', nameOf)).toBe('Ada: place stone 2 of 3 (white)');
    expect(phaseBanner({ ...base, phase: 'swap2_extra', toMove: 'b', moves: [1, 2, 3] }, 'a', nameOf)).toBe('Bo: place stone 4 of 5 (white)');
  });

  it('names the choices open in each choice phase', () => {
    expect(phaseBanner({ ...base, phase: 'swap2_choice', toMove: 'b' }, 'a', nameOf)).toBe('Bo: choose — play black, play white, or place two more');
    expect(phaseBanner({ ...base, phase: 'swap2_final_choice' }, 'a', nameOf)).toBe('You: choose — play black or play white');
  });

  it('describes every way a game ends', () => {
    const over = { ...base, phase: 'game_over', blackPlayer: 'a', whitePlayer: 'b' };
    expect(resultText({ ...over, winner: 'a', endReason: 'five' }, 'b', nameOf)).toBe('Ada wins (black) with five in a row');
    expect(resultText({ ...over, winner: 'b', endReason: 'timeout' }, 'b', nameOf)).toBe('You win (white) on time');
    expect(resultText({ ...over, winner: 'a', endReason: 'resign' }, 'x', nameOf)).toBe('Ada wins (black) by resignation');
    expect(resultText({ ...over, winner: 'b', endReason: 'abandon' }, 'x', nameOf)).toBe('Bo wins (white) — the opponent left');
    expect(resultText({ ...over, winner: 'draw', endReason: 'draw' }, 'x', nameOf)).toBe('Draw — the board is full');
  });
});
