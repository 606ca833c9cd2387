import { Seats } from '../../../server/table/seats';

const player = (id: string) => ({ id, name: id.toUpperCase(), bot: false });
const bot = (id: string) => ({ id, name: id, bot: true, strategy: 'cautious' });

function table(max: number) {
  const seats = new Seats();
  seats.max = max;
  return seats;
}

it('seats players in the first free seat; the first player (not a bot) is the host; none once the game is on', () => {
  const seats = table(3);
  seats.take(0, bot('bot-1'));
  expect(seats.host).toBe('');
  expect(seats.freeSeat(undefined, false)).toBe(1);
  seats.take(1, player('a'));
  seats.take(2, player('b'));
  expect(seats.host).toBe('a');
  expect(seats.filled()).toBe(3);
  expect(seats.freeSeat(undefined, false)).toBeUndefined();
  seats.free('b', 2, false);
  expect(seats.freeSeat(undefined, false)).toBe(2);
  expect(seats.freeSeat(undefined, true)).toBeUndefined();
});

it('a keyed seat opens only to its key (a rematch, a ranked pairing)', () => {
  const seats = table(2);
  seats.keys = { 1: 'key-of-the-first-player', 2: 'key-of-the-second-player' };
  expect(seats.freeSeat(undefined, false)).toBeUndefined();
  expect(seats.freeSeat('a-guessed-key-of-any-kind', false)).toBeUndefined();
  expect(seats.freeSeat('key-of-the-second-player', false)).toBe(1);
  seats.take(1, player('b'));
  expect(seats.freeSeat('key-of-the-second-player', false)).toBeUndefined();
  expect(seats.freeSeat('key-of-the-first-player', false)).toBe(0);
});

it('leaving before the game frees the seat, closes the gap when asked, passes the host on and drops the tokens', () => {
  const seats = table(4);
  for (const [i, id] of ['a', 'b', 'c'].entries()) seats.take(i, player(id));
  const token = seats.issueSeatToken('a');
  expect(seats.free('a', 0, true)).toBe(true);
  expect(seats.list.map((s) => s?.id)).toEqual(['b', 'c']);
  expect(seats.host).toBe('b');
  expect(seats.tokenOwner(token)).toBeUndefined();
  expect(seats.free('c', 1, true)).toBe(false); // the last seat: nobody moves
  seats.take(1, player('d'));
  expect(seats.free('b', 0, false)).toBe(false);
  expect(seats.list.map((s) => s?.id)).toEqual([undefined, 'd']);
  expect(seats.host).toBe('d');
});

it('a seat token moves its seat to the returning session, once per session, and the host with it', () => {
  const seats = table(2);
  seats.take(0, player('a'));
  seats.take(1, player('b'));
  seats.list[0]!.strategy = 'cautious'; // a bot plays on for the absent player
  const token = seats.issueSeatToken('a');
  expect(seats.reclaim('not-a-token', 'a2')).toBeNull();
  expect(seats.reclaim(token, 'a2')).toEqual({ seat: 0, oldId: 'a' });
  expect(seats.list[0]).toEqual({ id: 'a2', name: 'A', bot: false });
  expect(seats.host).toBe('a2');
  expect(seats.tokenOwner(token)).toBe('a2');
  expect(seats.seatOf('a')).toBeNull();
  expect(seats.seatOf('a2')).toBe(0);
});

it('swaps two players, and finds the first seated player\'s address', () => {
  const seats = table(2);
  seats.take(0, bot('bot-1'));
  seats.take(1, player('b'));
  const before = seats.list;
  seats.swap();
  expect(seats.list.map((s) => s?.id)).toEqual(['b', 'bot-1']);
  expect(before.map((s) => s?.id)).toEqual(['bot-1', 'b']); // a new list: contexts holding the old one read it again
  const addresses: Record<string, string> = { 'bot-1': '10.0.0.9', b: '10.0.0.2' };
  expect(seats.firstAddress((id) => addresses[id])).toBe('10.0.0.2');
  expect(table(2).firstAddress((id) => addresses[id])).toBeUndefined();
});

it('what it saves it loads back, as the snapshot carries it', () => {
  const seats = table(3);
  seats.keys = { 1: 'k'.repeat(16) };
  seats.take(0, player('a'));
  seats.take(2, bot('bot-3'));
  const token = seats.issueSeatToken('a');
  const saved = JSON.parse(JSON.stringify(seats.save()));
  expect(saved.seats).toEqual(['a', '', 'bot-3']);
  const back = table(3);
  back.load(saved);
  expect(back.list).toEqual([player('a'), undefined, bot('bot-3')]);
  expect(back.keys).toEqual(seats.keys);
  expect(back.host).toBe('a');
  expect(back.tokenOwner(token)).toBe('a');
});

it("a seat is found by its owner's account and moves to the owner's newer session with its tokens and the host; a bot stops playing it", () => {
  const seats = table(2);
  seats.take(0, { ...player('a'), account: 'acct-a' });
  seats.take(1, { id: 'bot-2', name: 'Bot', bot: true, strategy: 'cautious', account: 'acct-a' });
  const token = seats.issueSeatToken('a');
  // A bot's seat is never an account's, whatever its record says.
  expect(seats.seatOfAccount('acct-a')).toBe(0);
  expect(seats.seatOfAccount('acct-b')).toBeNull();
  seats.list[0]!.strategy = 'cautious'; // the owner left: a bot plays for them
  expect(seats.moveTo(0, 'a2')).toBe('a');
  expect(seats.list[0]).toEqual({ id: 'a2', name: 'A', bot: false, account: 'acct-a' });
  expect(seats.tokenOwner(token)).toBe('a2');
  expect(seats.host).toBe('a2');
  expect(seats.seatOf('a')).toBeNull();
  expect(seats.moveTo(1, 'x')).toBe('bot-2');
  seats.list[1] = undefined;
  expect(seats.moveTo(1, 'x')).toBeUndefined();
});

it('the owner survives a reclaim and a save and load', () => {
  const seats = table(2);
  seats.take(0, { ...player('a'), account: 'acct-a' });
  const token = seats.issueSeatToken('a');
  seats.reclaim(token, 'a2');
  expect(seats.list[0]).toEqual({ id: 'a2', name: 'A', bot: false, account: 'acct-a' });
  const copy = table(2);
  copy.load(JSON.parse(JSON.stringify(seats.save())));
  expect(copy.seatOfAccount('acct-a')).toBe(0);
});
