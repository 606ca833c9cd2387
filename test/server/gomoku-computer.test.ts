/**
 * Games against the Gomoku computer over real sockets: every level, with and without Swap 2,
 * each side opening (twelve games), played to the end through the ordinary messages; refusals of bad
 * options; a rematch in which the other side opens.
 */
import { matchMaker } from '@colyseus/core';
import type { Room } from '@colyseus/sdk';
import type { RunningParlor } from '../../server/app';
import { closedByServer, nextMessage, sdkClient, startTestServer, waitForState } from '../support/server';
import { boardOf, waitForMoves } from '../support/gomoku-client';

jest.setTimeout(120000);
let server: RunningParlor;
beforeAll(async () => {
  process.env.BOT_DELAY_MS = '5';
  server = await startTestServer();
});
afterAll(async () => {
  delete process.env.BOT_DELAY_MS;
  await server.stop();
});

/** The empty cell nearest the centre, scanning rings outward: a plain, legal human move. */
function nearCentre(board: number[]): { x: number; y: number } {
  for (let r = 0; r < 15; r++) {
    for (let y = 7 - r; y <= 7 + r; y++) {
      for (let x = 7 - r; x <= 7 + r; x++) {
        if (x >= 0 && y >= 0 && x < 15 && y < 15 && board[y * 15 + x] === 0) return { x, y };
      }
    }
  }
  throw new Error('board full');
}

/** Plays the human side until the game ends; returns the final state. */
async function playOut(room: Room<any, any>) {
  const errors: string[] = [];
  room.onMessage('error', (e: { code: string }) => errors.push(e.code));
  for (let moves = 0; moves < 120; moves++) {
    const s: any = await waitForState(room, (st: any) => st.phase === 'game_over' || st.toMove === room.sessionId, 20000);
    if (s.phase === 'game_over') break;
    const turn = s.turn;
    if (s.choices.length > 0) room.send('choose', { choice: s.choices[0] });
    else room.send('place', nearCentre(boardOf(await waitForMoves(room))));
    await waitForState(room, (st: any) => st.turn > turn || st.phase === 'game_over', 20000);
  }
  expect(errors).toEqual([]);
  return room.state as any;
}

// Every level, with and without Swap 2, each side opening.
const games = ([1, 2, 3] as const).flatMap((level) => [true, false].flatMap((swap2) => (['human', 'computer'] as const).map((first) => ({ level, swap2, first }))));

it.each(games)('level $level, swap2 $swap2, $first opens: the computer plays through to the end and wins against a naive player', async ({ level, swap2, first }) => {
  const client = sdkClient(server);
  const room = await client.create('gomoku', { name: 'Ada', opponent: 'computer', level, swap2, first });
  const start: any = await waitForState(room, (s: any) => s.players.size === 2 && s.phase !== 'waiting');
  const names = [...start.players.values()].map((p: any) => [p.name, p.seat]);
  expect(names).toContainEqual([`Computer · level ${level}`, first === 'computer' ? 1 : 2]);
  expect(start.computer).toBe(level);
  const end = await playOut(room);
  expect(end.phase).toBe('game_over');
  expect(end.endReason).toBe('five');
  expect(end.winner).not.toBe(room.sessionId);
  await room.leave();
});

it('spectators watch a game against the computer; the lobby lists it as one; it is never rated', async () => {
  const client = sdkClient(server);
  const room = await client.create('gomoku', { name: 'Ada', opponent: 'computer', level: 1, swap2: false });
  const watcher = await client.joinById(room.roomId, { spectate: true });
  await waitForState(watcher, (s: any) => s.spectators === 1 && s.phase === 'main_game');
  const local = matchMaker.getLocalRoomById(room.roomId)!;
  expect(local.metadata).toMatchObject({ computer: 1, ranked: false, players: ['Ada', 'Computer · level 1'] });
  // A spectator's move is refused like any spectator's.
  const refused = nextMessage(watcher, 'error');
  watcher.send('place', { x: 0, y: 0 });
  expect((await refused).code).toBe('spectator');
  await Promise.all([room.leave(), watcher.leave()]);
});

it('bad computer options are refused at matchmaking', async () => {
  const client = sdkClient(server);
  await expect(client.create('gomoku', { opponent: 'robot' })).rejects.toThrow(/opponent/);
  await expect(client.create('gomoku', { opponent: 'computer', level: 4 })).rejects.toThrow(/level/);
  await expect(client.create('gomoku', { opponent: 'computer', first: 'nobody' })).rejects.toThrow(/first/);
  await expect(client.create('gomoku', { level: 2 })).rejects.toThrow(/computer/);
});

it('a rematch against the computer starts at once, with the other side opening', async () => {
  const client = sdkClient(server);
  const room = await client.create('gomoku', { name: 'Ada', opponent: 'computer', level: 1, swap2: false, first: 'human' });
  await playOut(room);
  const offer = nextMessage(room, 'rematch');
  room.send('rematch', {});
  const { reservation } = await offer;
  const next = await client.consumeSeatReservation(reservation);
  const s: any = await waitForState(next, (st: any) => st.players.size === 2 && st.phase === 'main_game');
  expect(s.players.get(next.sessionId).seat).toBe(2);
  expect(s.blackPlayer).not.toBe(next.sessionId);
  await closedByServer(room); // the old room lets its player go once seated at the new one
  await next.leave();
});
