import { phaseBanner, ratingChangeText, unratedText, resultText, seriesText, type RankedPlayer, type RankedState, type TableState } from '../../../../client/src/games/gomoku/labels';

const names: Record<string, string> = { a: 'Ada', b: 'Bo' };
const nameOf = (id: string) => names[id] ?? '—';
const base: TableState = { phase: 'swap2_placement', moveCount: 0, toMove: 'a', blackPlayer: '', whitePlayer: '', winner: '', endReason: '' };

describe('table labels', () => {
  it('says who places which opening stone, in which colour', () => {
    expect(phaseBanner(base, 'a', nameOf)).toBe('You: place stone 1 of 3 (black)');
    expect(phaseBanner({ ...base, moveCount: 1 }, 'b', nameOf)).toBe('Ada: place stone 2 of 3 (white)');
    expect(phaseBanner({ ...base, phase: 'swap2_extra', toMove: 'b', moveCount: 3 }, 'a', nameOf)).toBe('Bo: place stone 4 of 5 (white)');
  });

  it('names the choices open in each choice phase', () => {
    expect(phaseBanner({ ...base, phase: 'swap2_choice', toMove: 'b' }, 'a', nameOf)).toBe('Bo: choose — play black, play white, or place two more');
    expect(phaseBanner({ ...base, phase: 'swap2_final_choice' }, 'a', nameOf)).toBe('You: choose — play black or play white');
  });

  it('describes every way a game ends', () => {
    const over = { ...base, phase: 'game_over', blackPlayer: 'a', whitePlayer: 'b' };
    expect(resultText({ ...over, winner: 'a', endReason: 'five' }, 'b', nameOf)).toBe('Ada wins (black) with five in a row');
    expect(resultText({ ...over, winner: 'b', endReason: 'time' }, 'b', nameOf)).toBe('You win (white) on time');
    expect(resultText({ ...over, winner: 'a', endReason: 'resigned' }, 'x', nameOf)).toBe('Ada wins (black) by resignation');
    expect(resultText({ ...over, winner: 'b', endReason: 'left' }, 'x', nameOf)).toBe('Bo wins (white) — the opponent left');
    expect(resultText({ ...over, winner: 'draw', endReason: 'draw' }, 'x', nameOf)).toBe('Draw — the board is full');
  });
});

describe('ranked labels', () => {
  const players = (a: Partial<RankedPlayer>, b: Partial<RankedPlayer>) => new Map<string, RankedPlayer>([
    ['s1', { name: 'Ada', seat: 1, rating: 1742, provisional: true, ratingChange: 242, wins: 1, ...a }],
    ['s2', { name: 'Bo', seat: 2, rating: 1712, provisional: false, ratingChange: -8, wins: 0, ...b }],
  ]);
  const state = (over: Partial<RankedState> = {}): RankedState => ({ ranked: true, bestOf: 3, gameNumber: 2, nextGameAt: 0, phase: 'game_over', players: players({}, {}), ...over });

  it('names the series and its score, and nothing in a casual room', () => {
    expect(seriesText(state())).toBe('Ranked · game 2 of 3 · Ada 1 – 0 Bo');
    expect(seriesText(state({ bestOf: 1 }))).toBe('Ranked · one game · Ada 1 – 0 Bo');
    expect(seriesText(state({ ranked: false }))).toBe('');
  });

  it('shows the rating change to each player, both to spectators, only once the game is over', () => {
    expect(ratingChangeText(state(), 's1')).toBe('Your rating: 1742? (+242)');
    expect(ratingChangeText(state(), 's2')).toBe('Your rating: 1712 (-8)');
    expect(ratingChangeText(state(), 'watcher')).toBe('Ada 1742? (+242) · Bo 1712 (-8)');
    expect(ratingChangeText(state({ players: players({ ratingChange: 0 }, {}) }), 's1')).toBe('Your rating: 1742? (unchanged)');
    expect(ratingChangeText(state({ phase: 'main_game' }), 's1')).toBe('');
  });

  it('says why a game is unrated, before it ends and after, and its ratings as unchanged', () => {
    const why = 'the two players share a network: a game between accounts of one network is rated once both have played 10 rated games against other players (Ada 3 of 10, Bo 0 of 10)';
    expect(unratedText(state({ phase: 'swap2_placement', unrated: why }))).toBe(`This game is unrated: ${why}.`);
    expect(unratedText(state({ unrated: why }))).toBe(`This game was unrated: ${why}.`);
    expect(unratedText(state())).toBe('');
    expect(unratedText(state({ ranked: false, unrated: why }))).toBe('');
    expect(ratingChangeText(state({ unrated: why }), 's1')).toBe('Your rating: 1742? (unchanged)');
    expect(ratingChangeText(state({ unrated: why }), 'watcher')).toBe('Ada 1742? (unchanged) · Bo 1712 (unchanged)');
  });
});
