/**
 * The `flip7` room over real WebSockets: a whole game with a human host, bots and a
 * spectator; the 94-card count holds in every decoded state; no card is visible before it
 * is drawn; the deck commitments verify when revealed; bad messages get coded errors.
 */
import type { Room } from '@colyseus/sdk';
import { CARDS_PER_DECK } from '../../shared/games/flip7';
import { commitmentHash } from '../../server/games/flip7/commitment';
import { nextMessage, quickTableSuite, sdkClient, waitForState } from '../support/server';
import { autoplayFlip7 } from '../support/flip7-autoplay';

const suite = quickTableSuite(50);

type Table = Room<any, any>;

/** Every card the decoded state shows, and the 94-card sum it must make with the counts. */
function visibleCards(s: any): string[] {
  const inFront = [...s.players.values()].flatMap((p: any) => [...p.cards]);
  const pendingCard = s.pending?.card ? [s.pending.card] : [];
  return [...inFront, ...s.discard, ...pendingCard];
}

function checkCardCount(s: any) {
  if (s.phase === 'lobby' || !s.players) return;
  const inFront = [...s.players.values()].reduce((n: number, p: any) => n + p.cards.length, 0);
  expect(inFront + s.deckCount + s.discardCount + s.setAsideCount).toBe(CARDS_PER_DECK);
}

it('a host, two bots and a spectator: a whole game to a single winner, cards always 94, deck never shown early', async () => {
  const client = sdkClient(suite.server);
  const host = (await client.create('flip7', { name: 'Hana', bots: 2, maxPlayers: 4 })) as Table;
  const token = await nextMessage<{ token: string }>(host, 'seat_token');
  expect(token.token.length).toBeGreaterThan(10);
  const watcher = (await client.joinById(host.roomId, { name: 'Vic', spectate: true })) as Table;
  await waitForState(watcher, (s: any) => s.spectators === 1 && s.players.size === 3);

  const revealed = new Map<string, { salt: string; order: string[] }>();
  const problems: string[] = [];
  let maxRound = 0;
  let checkedDeals = 0;
  watcher.onStateChange((s: any) => {
    try {
      checkCardCount(s);
      maxRound = Math.max(maxRound, s.round);
      // Nothing of the deck order before the round ends: unrevealed commitments carry only a hash.
      s.commitments.forEach((c: any, i: number) => {
        if (c.salt === '') return expect(c.order.length).toBe(0);
        if (revealed.has(c.hash)) return;
        revealed.set(c.hash, { salt: c.salt, order: [...c.order] });
        // The cards dealt this round, as the log tells them, are the committed order's first cards.
        const entries: any[] = [...s.log];
        const start = entries.map((e) => e.kind === 'round').lastIndexOf(true);
        if (i !== 0 || start < 0) return;
        const draws: string[] = [];
        for (const entry of entries.slice(start)) {
          if (entry.kind === 'reshuffled') break;
          if (entry.kind === 'drew') draws.push(entry.card);
        }
        expect([...c.order].slice(0, draws.length)).toEqual(draws);
        checkedDeals += 1;
      });
      // What a client can see is exactly the cards drawn so far: nothing of the deck.
      expect(visibleCards(s).length).toBe(CARDS_PER_DECK - s.deckCount - s.setAsideCount + (s.pending?.card ? 1 : 0));
    } catch (err) {
      problems.push((err as Error).message);
    }
  });
  // Messages carry no cards: the only ones a client gets are errors and its seat token.
  const messages: unknown[] = [];
  watcher.onMessage('*', (type, payload) => messages.push([type, payload]));

  autoplayFlip7(host);
  host.send('start', {});
  await waitForState(watcher, (s: any) => s.phase === 'game_over', 60000);
  expect(problems).toEqual([]);
  expect(messages).toEqual([]);

  const s = watcher.state;
  const totals = [...s.players.values()].map((p: any) => p.total);
  const best = Math.max(...totals);
  expect(best).toBeGreaterThanOrEqual(200);
  expect(totals.filter((t) => t === best)).toHaveLength(1);
  expect(s.players.get(s.winner).total).toBe(best);
  expect(maxRound).toBeGreaterThan(1);

  // Every commitment seen was revealed and verifies: SHA-256 of "<salt>:<cards>".
  expect(revealed.size).toBeGreaterThanOrEqual(maxRound);
  expect(checkedDeals).toBeGreaterThan(0);
  for (const [hash, { salt, order }] of revealed) {
    expect(commitmentHash(salt, order)).toBe(hash);
    expect(order.length).toBeGreaterThan(0);
  }
  await Promise.all([host.leave(), watcher.leave()]);
}, 90000);

it('answers bad input with coded errors and changes nothing', async () => {
  const client = sdkClient(suite.server);
  const host = (await client.create('flip7', { name: 'Hana' })) as Table;
  const guest = (await client.joinById(host.roomId, { name: 'Gus' })) as Table;
  const expectError = async (room: Table, type: string, payload: unknown, code: string) => {
    const error = nextMessage<{ code: string }>(room, 'error');
    room.send(type, payload);
    expect((await error).code).toBe(code);
  };
  await waitForState(host, (s: any) => s.players.size === 2);
  await expectError(guest, 'start', {}, 'not_host');
  await expectError(host, 'start', {}, 'not_enough_players');
  await expectError(host, 'hit', {}, 'not_started');
  const third = (await client.joinById(host.roomId, { name: 'Tia' })) as Table;
  await waitForState(host, (s: any) => s.players.size === 3);
  host.send('start', {});
  await waitForState(host, (s: any) => s.phase === 'playing' && s.toAct !== '');
  const before = JSON.stringify(host.state.toJSON());
  const rooms = [host, guest, third];
  const actor = rooms.find((r) => r.sessionId === host.state.toAct)!;
  const idle = rooms.find((r) => r.sessionId !== host.state.toAct)!;
  await expectError(idle, 'hit', {}, 'not_your_turn');
  await expectError(actor, 'hit', { now: 1 }, 'invalid_payload');
  await expectError(actor, 'target', { sessionId: 'nobody' }, 'invalid_target');
  await expectError(actor, 'target', { sessionId: 5 }, 'invalid_payload');
  await expectError(actor, 'fly', {}, 'unknown_message');
  expect(JSON.stringify(host.state.toJSON())).toBe(before);
  // A latecomer to a started table watches.
  const late = (await client.joinById(host.roomId, { name: 'Late' })) as Table;
  await waitForState(late, (s: any) => s.spectators === 1);
  expect(late.state.players.has(late.sessionId)).toBe(false);
  await expectError(late, 'stay', {}, 'spectator');
  await Promise.all([...rooms, late].map((r) => r.leave()));
});

it('a player who leaves mid-game is played by a bot, and takes the seat back with the seat token', async () => {
  const client = sdkClient(suite.server);
  const host = (await client.create('flip7', { name: 'Hana', bots: 1 })) as Table;
  const guest = (await client.joinById(host.roomId, { name: 'Gus' })) as Table;
  const { token } = await nextMessage<{ token: string }>(guest, 'seat_token');
  autoplayFlip7(host);
  await waitForState(host, (s: any) => s.players.size === 3);
  host.send('start', {});
  await waitForState(host, (s: any) => s.phase === 'playing');
  const gusId = guest.sessionId;
  await guest.leave(true);
  await waitForState(host, (s: any) => s.players.get(gusId)?.botControlled === true);
  // The bot keeps the game moving through Gus's turns.
  await waitForState(host, (s: any) => s.round >= 2, 20000);
  const back = (await client.joinById(host.roomId, { name: 'Gus', seatToken: token })) as Table;
  await waitForState(back, (s: any) => s.players.get(back.sessionId)?.botControlled === false);
  expect(back.state.players.has(gusId)).toBe(false);
  expect(back.state.players.get(back.sessionId).name).toBe('Gus');
  await Promise.all([host.leave(), back.leave()]);
}, 60000);

it('the turn clock acts for a player who lets it run out', async () => {
  const client = sdkClient(suite.server);
  const host = (await client.create('flip7', { name: 'Hana', turnSeconds: 5 })) as Table;
  const others = [await client.joinById(host.roomId, { name: 'Gus' }), await client.joinById(host.roomId, { name: 'Tia' })] as Table[];
  await waitForState(host, (s: any) => s.players.size === 3);
  // The clock starts with the first turn, after the start: a bound that holds however slow the machine.
  const startSent = Date.now();
  host.send('start', {});
  await waitForState(host, (s: any) => s.phase === 'playing' && s.toAct !== '');
  const { version, toAct, deadline } = host.state;
  const lastBefore = [...host.state.log].at(-1).i;
  expect(deadline).toBeGreaterThanOrEqual(startSent + 5000);
  // Nobody moves: after 5 s the server stays (or hits, or picks a target) for the player to act.
  // The first entry it adds says so; a Flip Three it hands out adds the target's draws after it.
  await waitForState(host, (s: any) => s.version > version, 20000);
  const entry = [...host.state.log].find((e: any) => e.i === lastBefore + 1);
  const seat = host.state.players.get(toAct).seat - 1;
  const acted = (entry.kind === 'stayed' || entry.kind === 'drew') && entry.seat === seat;
  const chose = ['frozen', 'flip_three', 'second_chance'].includes(entry.kind) && entry.by === seat;
  expect({ kind: entry.kind, acted: acted || chose }).toEqual({ kind: entry.kind, acted: true });
  await Promise.all([host, ...others].map((r) => r.leave()));
}, 40000);
