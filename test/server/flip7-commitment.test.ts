import { commit, commitmentHash } from '../../server/games/flip7/commitment';
import { shuffledOrders, type Flip7Event, type Flip7State } from '../../shared/games/flip7';

const afterDeck = (deck: string[]) => ({ deck }) as unknown as Flip7State;

it('rebuilds each shuffle as the cards drawn after it, the last one followed by the deck', () => {
  const events = [
    { kind: 'round', round: 1, seat: 0 },
    { kind: 'drew', seat: 1, card: '7', cause: 'deal' },
    { kind: 'reshuffled', count: 3 },
    { kind: 'drew', seat: 2, card: '9', cause: 'deal' },
  ] as Flip7Event[];
  expect(shuffledOrders(events, afterDeck(['3', '12']))).toEqual([['7'], ['9', '3', '12']]);
});

it('publishes no commitment for a round that starts on an empty deck', () => {
  // Every card went out last round: the new round shuffles nothing, then refills from the discards.
  const events = [
    { kind: 'round', round: 2, seat: 1 },
    { kind: 'reshuffled', count: 4 },
    { kind: 'drew', seat: 2, card: '5', cause: 'deal' },
  ] as Flip7Event[];
  expect(shuffledOrders(events, afterDeck(['1', '2', '8']))).toEqual([['5', '1', '2', '8']]);
});

it('commits with a fresh salt that verifies', () => {
  const a = commit(['1', '2']);
  const b = commit(['1', '2']);
  expect(a.salt).toMatch(/^[0-9a-f]{32}$/);
  expect(a.salt).not.toBe(b.salt);
  expect(commitmentHash(a.salt, a.order)).toBe(a.hash);
});
