/**
 * Hostile players against the Gomoku computer, over real sockets: one
 * address opening dozens of level-3 games to stall everyone's computer. The server admits at
 * most 3 live games against the computer per address and 1 per player (`too_many_computer_games`),
 * and frees a place when a game ends or its player leaves. The queue itself (fair, one decision
 * per room, dropped when nobody waits for it): test/server/games/gomoku/computer.test.ts.
 */
import { Client, type Room } from '@colyseus/sdk';
import type { RunningParlor } from '../../server/app';
import { makeGuest } from '../support/ranked';
import { nextMessage, startTestServer, waitForState } from '../support/server';
import { waitForMoves } from '../support/gomoku-client';

jest.setTimeout(120000);

/** A client whose requests come from `address` (the server trusts one proxy's X-Forwarded-For). */
function clientFrom(server: RunningParlor, address: string, token?: string): Client {
  const client = new Client(server.url, { headers: { 'x-forwarded-for': address } });
  if (token) client.auth.token = token;
  return client;
}

const computerGame = (level: 1 | 2 | 3, first: 'human' | 'computer' = 'human') => ({ name: 'Ada', opponent: 'computer', level, swap2: false, first });

/** Resolves once `check` holds, looking again every 10 ms (for server-side counts the client cannot see). */
async function until(check: () => boolean, timeoutMs = 20000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The empty cell nearest the centre: a plain, legal move (the client's move list lists taken cells). */
function freeCell(moves: number[]): { x: number; y: number } {
  const taken = new Set(moves);
  const order = Array.from({ length: 225 }, (_, c) => c).sort((a, b) => Math.max(Math.abs((a % 15) - 7), Math.abs(Math.floor(a / 15) - 7)) - Math.max(Math.abs((b % 15) - 7), Math.abs(Math.floor(b / 15) - 7)));
  const cell = order.find((c) => !taken.has(c))!;
  return { x: cell % 15, y: Math.floor(cell / 15) };
}

describe('with the default limits', () => {
  let server: RunningParlor;
  beforeAll(async () => {
    process.env.BOT_DELAY_MS = '5';
    // The computer's own limits at their defaults; the room budget (another defence, test/security/room-budget.test.ts) lifted,
    // so that what refuses the attack here is the computer's cap alone.
    server = await startTestServer({ trustProxy: 1, rateLimits: { rooms: { points: 0, seconds: 60 } }, maxRoomsPerAddress: 0 });
  });
  afterAll(async () => {
    delete process.env.BOT_DELAY_MS;
    await server.stop();
  });
  afterEach(() => until(() => server.services.computer.games.live === 0));

  it('one address holds at most 3 live games against the computer; the 4th is refused, a game that ends frees its place', async () => {
    const attacker = clientFrom(server, '203.0.113.7');
    const rooms: Room[] = [];
    for (let i = 0; i < 3; i++) rooms.push(await attacker.create('gomoku', computerGame(3)));
    await expect(attacker.create('gomoku', computerGame(3))).rejects.toThrow(/too_many_computer_games/);
    // Another address is not held back by this one.
    const other = await clientFrom(server, '198.51.100.9').create('gomoku', computerGame(1));
    // A game that ends (a resignation) is no longer live: the address may start another.
    rooms[0].send('resign', {});
    await waitForState(rooms[0], (s: any) => s.phase === 'game_over');
    rooms.push(await attacker.create('gomoku', computerGame(1)));
    await expect(attacker.create('gomoku', computerGame(1))).rejects.toThrow(/too_many_computer_games/);
    // Leaving frees a place too.
    await rooms.splice(1, 1)[0].leave();
    await until(() => server.services.computer.games.live === 3);
    // Operators see the same count (the server's metrics read it at each scrape).
    expect((await server.rooms.metrics.registry.getSingleMetric('parlor_computer_games')!.get()).values[0].value).toBe(3);
    rooms.push(await attacker.create('gomoku', computerGame(1)));
    await Promise.all([...rooms, other].map((r) => r.leave()));
  });

  it('one player (a signed token) holds one live game, whatever its addresses; its rematch is taken', async () => {
    const { token } = await makeGuest(server.url, 'Ada Farmer');
    const room = await clientFrom(server, '203.0.113.20', token).create('gomoku', computerGame(1));
    await expect(clientFrom(server, '203.0.113.21', token).create('gomoku', computerGame(1))).rejects.toThrow(/too_many_computer_games/);
    // Another player from the same address is welcome.
    const neighbour = await clientFrom(server, '203.0.113.20', (await makeGuest(server.url, 'Bea Neighbour')).token).create('gomoku', computerGame(1));
    room.send('resign', {});
    await waitForState(room, (s: any) => s.phase === 'game_over');
    const offer = nextMessage(room, 'rematch');
    room.send('rematch', {});
    const { reservation } = await offer;
    const next = await clientFrom(server, '203.0.113.20', token).consumeSeatReservation(reservation);
    await waitForState(next, (s: any) => s.players.size === 2);
    await Promise.all([room.leave(), next.leave(), neighbour.leave()]);
  });

  it('the attack: 40 level-3 games asked from one address, moving and asking rematch at each end; 3 are admitted and another player’s level-1 computer keeps answering', async () => {
    const attacker = clientFrom(server, '203.0.113.66');
    const asked = await Promise.allSettled(Array.from({ length: 40 }, () => attacker.create('gomoku', computerGame(3, 'computer'))));
    const admitted = asked.filter((a): a is PromiseFulfilledResult<Room> => a.status === 'fulfilled').map((a) => a.value);
    const refused = asked.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(admitted).toHaveLength(3);
    expect(refused).toHaveLength(37);
    for (const r of refused) expect(String(r.reason?.message)).toMatch(/^too_many_computer_games: /);
    let stop = false;
    const play = async (room: Room) => {
      while (!stop) {
        const s: any = await waitForState(room, (st: any) => st.phase === 'game_over' || (st.toMove === room.sessionId && st.phase === 'main_game'), 20000).catch(() => null);
        if (!s || stop) return;
        if (s.phase === 'game_over') return room.send('rematch', {});
        const moves = s.moveCount;
        room.send('place', freeCell(await waitForMoves(room)));
        await waitForState(room, (st: any) => st.moveCount > moves + 1 || st.phase === 'game_over', 20000).catch(() => null);
      }
    };
    const attacks = admitted.map(play);
    // Another player, another address: their level-1 computer answers each of their moves.
    const victim = await clientFrom(server, '198.51.100.50').create('gomoku', computerGame(1));
    for (let i = 0; i < 5; i++) {
      const s: any = await waitForState(victim, (st: any) => st.toMove === victim.sessionId || st.phase === 'game_over', 20000);
      if (s.phase === 'game_over') break;
      const moves = s.moveCount;
      victim.send('place', freeCell(await waitForMoves(victim)));
      await waitForState(victim, (st: any) => st.moveCount > moves + 1 || st.phase === 'game_over', 20000);
    }
    stop = true;
    await Promise.all([...admitted, victim].map((r) => r.leave()));
    await Promise.all(attacks);
  });
});

describe('a refused game against the computer costs no room', () => {
  let server: RunningParlor;
  beforeAll(async () => {
    // Five room creations a minute per address: a refusal that made (and threw away) a room would use them up.
    server = await startTestServer({ trustProxy: 1, rateLimits: { rooms: { points: 5, seconds: 60 } }, maxRoomsPerAddress: 0 });
  });
  afterAll(() => server.stop());

  it('past the cap, ten more asks are each refused too_many_computer_games before any room is made: the address may still make its other rooms', async () => {
    const attacker = clientFrom(server, '203.0.113.80');
    const rooms: Room[] = [];
    for (let i = 0; i < 3; i++) rooms.push(await attacker.create('gomoku', computerGame(1)));
    for (let i = 0; i < 10; i++) {
      await expect(attacker.create('gomoku', computerGame(3))).rejects.toThrow(/^too_many_computer_games: /);
    }
    // Creations 4 and 5 of the window: still there, as the refusals made no room.
    rooms.push(await attacker.create('gomoku', { name: 'Ada', swap2: false }));
    rooms.push(await attacker.create('monty_hall', { name: 'Ada' }));
    await expect(attacker.create('gomoku', { name: 'Ada', swap2: false })).rejects.toThrow(/too_many_rooms/);
    await Promise.all(rooms.map((r) => r.leave()));
    await until(() => server.services.computer.games.live === 0);
  });
});
