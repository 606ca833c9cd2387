import type { RunningParlor } from '../../server/app';
import { matchMaker } from '@colyseus/core';
import { flatCells, type GomokuState } from '../../shared/games/gomoku';
import { sdkClient, startTestServer, waitForState } from '../support/server';
import { rulesOf } from '../support/room-internals';
import { waitUntil } from '../support/wait';
import { act, boardOf, cell, expectRejected, movesOf, seatTwo, serverState, stoneAt, waitForMoves } from '../support/gomoku-client';

let server: RunningParlor;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.stop(); });

describe('gomoku room: a game through every Swap 2 branch', () => {
  /** Places the three opening stones for player 1. */
  async function opening(p1: any, p2: any) {
    for (const [x, y] of [[7, 7], [8, 7], [9, 9]]) await act(p1, 'place', cell(x, y), [p1, p2]);
    expect(p2.state.phase).toBe('swap2_choice');
    expect(p2.state.toMove).toBe(p2.sessionId);
    expect([...p2.state.choices]).toEqual(['black', 'white', 'place_more']);
  }

  /** The player to move builds a five on row `row` while the other answers on row `row + 2`. */
  async function playToFive(rooms: any[], row: number) {
    const byId = new Map(rooms.map((r) => [r.sessionId, r]));
    const winnerId = rooms[0].state.toMove;
    let x = 0;
    let other = 0;
    while (rooms[0].state.phase === 'main_game') {
      const mover = byId.get(rooms[0].state.toMove)!;
      if (mover.sessionId === winnerId) await act(mover, 'place', cell(x++, row), rooms);
      else await act(mover, 'place', cell(other++, row + 2), rooms);
    }
    return winnerId;
  }

  it.each(['black', 'white'] as const)('choice "%s" goes straight to the main game; White moves first; five wins', async (choice) => {
    const { p1, p2 } = await seatTwo(sdkClient(server));
    await opening(p1, p2);
    await act(p2, 'choose', { choice }, [p1, p2]);
    const expectedWhite = choice === 'white' ? p2.sessionId : p1.sessionId;
    expect(p1.state.phase).toBe('main_game');
    expect(p1.state.whitePlayer).toBe(expectedWhite);
    expect(p1.state.toMove).toBe(expectedWhite);
    const winner = await playToFive([p1, p2], 12);
    await waitForState(p2, (s) => s.phase === 'game_over');
    expect(p2.state.winner).toBe(winner);
    expect(p2.state.endReason).toBe('five');
    expect([...p2.state.winLine]).toHaveLength(5);
    expect(p1.state.toJSON()).toEqual(serverState(p1.roomId));
    await Promise.all([p1.leave(), p2.leave()]);
  });

  it.each(['black', 'white'] as const)('"place_more" then final choice "%s"', async (final) => {
    const { p1, p2 } = await seatTwo(sdkClient(server));
    await opening(p1, p2);
    await act(p2, 'choose', { choice: 'place_more' }, [p1, p2]);
    expect(p1.state.phase).toBe('swap2_extra');
    await act(p2, 'place', cell(0, 14), [p1, p2]);
    await act(p2, 'place', cell(14, 14), [p1, p2]);
    expect(p1.state.phase).toBe('swap2_final_choice');
    expect([...p1.state.choices]).toEqual(['black', 'white']);
    expect(boardOf(movesOf(p1)).filter((c) => c !== 0)).toHaveLength(5);
    await act(p1, 'choose', { choice: final }, [p1, p2]);
    expect(p1.state.blackPlayer).toBe(final === 'black' ? p1.sessionId : p2.sessionId);
    expect(p1.state.toMove).toBe(p1.state.whitePlayer);
    const winner = await playToFive([p1, p2], 11);
    expect(p1.state.winner).toBe(winner);
    expect(p2.state.toJSON()).toEqual(serverState(p1.roomId));
    await Promise.all([p1.leave(), p2.leave()]);
  });

  it('the synced state has no board and no move list: clients keep the list from the last moves, and it matches the rules board', async () => {
    const { p1, p2 } = await seatTwo(sdkClient(server));
    await opening(p1, p2);
    await act(p2, 'choose', { choice: 'place_more' }, [p1, p2]);
    await act(p2, 'place', cell(0, 14), [p1, p2]);
    const synced = serverState(p1.roomId);
    expect(synced).not.toHaveProperty('board');
    expect(p1.state.toJSON()).not.toHaveProperty('board');
    expect('board' in p2.state).toBe(false);
    expect(synced).not.toHaveProperty('moves');
    expect(synced).toMatchObject({ moveCount: 4, lastMove: 14 * 15 + 0 });
    expect(movesOf(p1)).toEqual([7 * 15 + 7, 7 * 15 + 8, 9 * 15 + 9, 14 * 15 + 0]);
    const rules = rulesOf<GomokuState>(matchMaker.getLocalRoomById(p1.roomId))!;
    expect(boardOf(movesOf(p1))).toEqual(flatCells(rules.board));
    expect([7 * 15 + 7, 7 * 15 + 8, 9 * 15 + 9, 14 * 15 + 0].map((c) => stoneAt(movesOf(p2), c))).toEqual([1, 2, 1, 2]);
    // A client that joins now gets the whole list once, by asking (room-moves.ts), then follows the last moves.
    const late = await sdkClient(server).joinById(p1.roomId, { spectate: true });
    expect(await waitForMoves(late)).toEqual([7 * 15 + 7, 7 * 15 + 8, 9 * 15 + 9, 14 * 15 + 0]);
    await act(p2, 'place', cell(14, 14), [p1, p2, late as any]);
    expect(movesOf(late)).toEqual([7 * 15 + 7, 7 * 15 + 8, 9 * 15 + 9, 14 * 15 + 0, 14 * 15 + 14]);
    await late.leave();
    await Promise.all([p1.leave(), p2.leave()]);
  });

  it('under standard an overline does not win; an exact five does', async () => {
    const { p1, p2 } = await seatTwo(sdkClient(server), { swap2: false });
    const rooms = [p1, p2];
    // Black: (0..2,0) and (4..5,0) then the gap (3,0) makes six; White plays on row 4.
    const blacks = [[0, 0], [1, 0], [2, 0], [4, 0], [5, 0], [3, 0]];
    const whites = [[0, 4], [1, 4], [2, 4], [4, 4], [6, 4]];
    for (let i = 0; i < blacks.length; i++) {
      await act(p1, 'place', cell(blacks[i][0], blacks[i][1]), rooms);
      if (i < whites.length) await act(p2, 'place', cell(whites[i][0], whites[i][1]), rooms);
    }
    expect(p1.state.phase).toBe('main_game');
    expect(p1.state.winner).toBe('');
    // White fills (3,4): exactly five on row 4 (0..4) — (5,4) is empty, (6,4) is White but not adjacent.
    await act(p2, 'place', cell(3, 4), rooms);
    expect(p1.state.winner).toBe(p2.sessionId);
    expect([...p1.state.winLine]).toEqual([60, 61, 62, 63, 64]);
    await Promise.all([p1.leave(), p2.leave()]);
  });
});

describe('gomoku room: refusals', () => {
  it('questions for the move list are rate-limited per address; a client refused asks again and gets the whole list', async () => {
    const { p1, p2 } = await seatTwo(sdkClient(server), { swap2: false });
    for (const [mover, at] of [[p1, cell(7, 7)], [p2, cell(0, 0)], [p1, cell(8, 8)]] as const) await act(mover, 'place', at, [p1, p2]);
    const watcher = await sdkClient(server).joinById(p1.roomId, { spectate: true });
    await waitForState(watcher, (s: any) => s.moveCount === 3);
    const refused: string[] = [];
    watcher.onMessage('error', (e: { code: string }) => refused.push(e.code));
    // The address's ten questions at once are answered (each with the whole list)...
    const answers: unknown[] = [];
    const counting = watcher.onMessage('moves', (answer) => answers.push(answer));
    for (let i = 0; i < 10; i++) watcher.send('moves');
    await waitUntil(() => answers.length === 10, 'ten answers');
    counting();
    expect(answers[9]).toEqual({ startedAt: expect.any(Number), cells: [7 * 15 + 7, 0, 8 * 15 + 8] });
    // ... the next ones are refused, the list's own question among them: it is asked again once the bucket refills.
    watcher.send('moves');
    watcher.send('moves');
    expect(movesOf(watcher)).toEqual([]);
    expect(await waitForMoves(watcher, () => true, 8000)).toEqual([7 * 15 + 7, 0, 8 * 15 + 8]);
    expect(refused).toEqual(['rate_limited', 'rate_limited', 'rate_limited']);
    await Promise.all([p1.leave(), p2.leave(), watcher.leave()]);
  });

  it('the waiting player, the wrong player and a spectator get errors and nothing changes', async () => {
    const client = sdkClient(server);
    const p1 = await client.create('gomoku', { name: 'Solo' });
    await waitForState(p1, (s: any) => s.phase === 'waiting');
    await expectRejected(p1 as any, 'place', cell(7, 7), 'not_started');
    const p2 = await client.joinById(p1.roomId, { name: 'Two' });
    const watcher = await client.joinById(p1.roomId, { name: 'Eve', spectate: true });
    await waitForState(watcher, (s: any) => s.phase === 'swap2_placement' && s.spectators === 1);
    await expectRejected(p2 as any, 'place', cell(7, 7), 'not_your_turn');
    await expectRejected(watcher as any, 'place', cell(7, 7), 'spectator');
    await expectRejected(watcher as any, 'resign', {}, 'spectator');
    await expectRejected(p1 as any, 'choose', { choice: 'black' }, 'wrong_phase');
    await act(p1 as any, 'place', cell(7, 7), [p1, p2, watcher] as any);
    await expectRejected(p1 as any, 'place', cell(7, 7), 'occupied');
    expect(watcher.state.toJSON()).toEqual(serverState(p1.roomId));
    await Promise.all([p1.leave(), p2.leave(), watcher.leave()]);
  });

  it('malformed messages get invalid_payload / out_of_range / unknown_message and change nothing', async () => {
    const { p1, p2 } = await seatTwo(sdkClient(server));
    const bad: [string | number, unknown, string][] = [
      ['place', { x: 'a', y: 1 }, 'invalid_payload'],
      ['place', { x: '7', y: '7' }, 'invalid_payload'],
      ['place', { x: NaN, y: 1 }, 'invalid_payload'],
      ['place', { x: 1.5, y: 1 }, 'invalid_payload'],
      ['place', { x: -1, y: 1 }, 'out_of_range'],
      ['place', { x: 15, y: 1 }, 'out_of_range'],
      ['place', { x: 1 }, 'invalid_payload'],
      ['place', {}, 'invalid_payload'],
      ['place', undefined, 'invalid_payload'],
      ['place', [1, 2], 'invalid_payload'],
      ['place', { x: 1, y: 1, z: 1 }, 'invalid_payload'],
      ['choose', { choice: 7 }, 'invalid_payload'],
      ['choose', { choice: 'black', extra: true }, 'invalid_payload'],
      ['resign', { now: true }, 'invalid_payload'],
      ['fly', { x: 1 }, 'unknown_message'],
      [42, { x: 1 }, 'unknown_message'],
    ];
    for (const [type, payload, code] of bad) await expectRejected(p1, type, payload, code);
    expect(p1.state.turn).toBe(0);
    await Promise.all([p1.leave(), p2.leave()]);
  });

  it('a 1 MB payload closes only the sender connection; the game goes on for the others', async () => {
    const client = sdkClient(server);
    const { p1, p2 } = await seatTwo(client);
    p2.reconnection.enabled = false; // it comes back below, after the check that its seat is held
    const watcher = await client.joinById(p1.roomId, { spectate: true });
    await waitForState(watcher, (s: any) => s.spectators === 1);
    const closed = new Promise<number>((resolve) => {
      p2.onLeave((code) => resolve(code));
      p2.onDrop((code) => resolve(code));
    });
    p2.send('place', { x: 1, y: 1, junk: 'x'.repeat(1024 * 1024) });
    expect(await closed).toBeGreaterThan(0);
    await act(p1, 'place', cell(3, 3), [p1, watcher as any]);
    expect(watcher.state.toJSON()).toEqual(serverState(p1.roomId));
    expect(flatCells(rulesOf<GomokuState>(matchMaker.getLocalRoomById(p1.roomId))!.board)[3 * 15 + 3]).toBe(1);
    expect(stoneAt(await waitForMoves(watcher, (m) => m.length === 1), 3 * 15 + 3)).toBe(1);
    // The server saw a drop, not a leave (STACK.md fact 14): the seat is held for p2. The client
    // can see its socket closed before the server has handled the close, so wait for the server.
    await waitForState(p1, (s) => s.players.get(p2.sessionId)?.connected === false);
    expect(serverState(p1.roomId).players[p2.sessionId].connected).toBe(false);
    const back = await client.reconnect(p2.reconnectionToken);
    await waitForState(p1, (s) => s.players.get(back.sessionId)?.connected === true);
    await Promise.all([p1.leave(), back.leave(), watcher.leave()]);
  });

  it('bad join options are refused at matchmaking', async () => {
    const client = sdkClient(server);
    await expect(client.create('gomoku', { name: '' })).rejects.toThrow(/name/);
    await expect(client.create('gomoku', { name: 'x'.repeat(25) })).rejects.toThrow(/name/);
    await expect(client.create('gomoku', { rule: 'renju' })).rejects.toThrow(/rule/);
    await expect(client.create('gomoku', { turnSeconds: 4 })).rejects.toThrow(/turnSeconds/);
    await expect(client.create('gomoku', { swap2: 'yes' })).rejects.toThrow(/swap2/);
  });
});

describe('gomoku room: seats, reconnection and clocks', () => {
  it('joinOrCreate fills a free seat and never seats a third player in a full game', async () => {
    const client = sdkClient(server);
    const a = await client.joinOrCreate('gomoku', { name: 'A', rule: 'freestyle' });
    const b = await client.joinOrCreate('gomoku', { name: 'B', rule: 'freestyle' });
    expect(b.roomId).toBe(a.roomId);
    await waitForState(a, (s: any) => s.phase === 'swap2_placement');
    const c = await client.joinOrCreate('gomoku', { name: 'C', rule: 'freestyle' });
    expect(c.roomId).not.toBe(a.roomId);
    await waitForState(c, (s: any) => s.players.get(c.sessionId)?.seat === 1);
    await Promise.all([a.leave(), b.leave(), c.leave()]);
  });

  it('a dropped player shows as disconnected and reconnects with its token into the same seat and state', async () => {
    const client = sdkClient(server);
    const { p1, p2 } = await seatTwo(client);
    await act(p1, 'place', cell(7, 7), [p1, p2]);
    const token = p1.reconnectionToken;
    const sessionId = p1.sessionId;
    p1.reconnection.enabled = false;
    // Drop the socket without a consented leave.
    (p1.connection as any).transport.ws.close(3000);
    await waitForState(p2, (s) => s.players.get(sessionId)?.connected === false);
    const back = (await client.reconnect(token)) as typeof p1;
    expect(back.sessionId).toBe(sessionId);
    await waitForState(p2, (s) => s.players.get(sessionId)?.connected === true);
    await waitForState(back, (s) => s.turn === 1);
    expect(back.state.players.get(sessionId)?.seat).toBe(1);
    // A reconnected client asks for the whole list again.
    expect(stoneAt(await waitForMoves(back), 7 * 15 + 7)).toBe(1);
    await act(back, 'place', cell(8, 8), [back, p2]);
    expect(back.state.toJSON()).toEqual(serverState(back.roomId));
    await Promise.all([back.leave(), p2.leave()]);
  });

  it('a player who leaves for good loses the game', async () => {
    const { p1, p2 } = await seatTwo(sdkClient(server));
    await p2.leave(true);
    await waitForState(p1, (s) => s.phase === 'game_over');
    expect(p1.state.winner).toBe(p1.sessionId);
    expect(p1.state.endReason).toBe('left');
    await p1.leave();
  });

  it('clock timeouts: a random stone in placement, "black" in a choice, a loss on time in the main game', async () => {
    const { p1, p2 } = await seatTwo(sdkClient(server), { turnSeconds: 5 });
    await act(p1, 'place', cell(7, 7), [p1, p2]);
    await act(p1, 'place', cell(8, 8), [p1, p2]);
    expect(p1.state.deadline).toBeGreaterThan(Date.now());
    // Player 1 lets the clock run out on stone 3: the server places it.
    await waitForState(p2, (s) => s.phase === 'swap2_choice', 8000);
    expect(boardOf(await waitForMoves(p2, (m) => m.length === 3)).filter((c) => c !== 0)).toHaveLength(3);
    // Player 2 lets the choice run out: "black".
    await waitForState(p1, (s) => s.phase === 'main_game', 8000);
    expect(p1.state.blackPlayer).toBe(p2.sessionId);
    // White (player 1) to move lets the clock run out: loses on time.
    await waitForState(p1, (s) => s.phase === 'game_over', 8000);
    expect(p1.state.endReason).toBe('time');
    expect(p1.state.winner).toBe(p2.sessionId);
    await Promise.all([p1.leave(), p2.leave()]);
  }, 30000);
});
