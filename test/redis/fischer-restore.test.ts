/**
 * A Fischer clock across a crash: the server process is killed mid-game and another restores
 * the room from Redis; both banks come back as they were, and the running clock is charged only
 * up to when the old process stopped (the downtime is not the player's).
 */
import { Client, type Room } from '@colyseus/sdk';
import { freePort, serverProcessSuite, startServerProcess } from '../support/processes';
import { comeBack, waitForState } from '../support/server';

jest.setTimeout(90000);

describe('across a crash, with Redis', () => {
  const suite = serverProcessSuite();
  const redisUrl = suite.redisUrl;

  it('restores both banks and the running seat; the downtime is not charged', async () => {
    const port = await freePort();
    suite.proc = await startServerProcess(port, { REDIS_URL: redisUrl, CLOCK_LAG_MS: '0' });
    const client = new Client(`ws://127.0.0.1:${port}`);
    const a = (await client.create('connect_four', { name: 'Ada', clock: { minutes: 1, increment: 2 } })) as Room<any, any>;
    const b = (await client.joinById(a.roomId, { name: 'Bo' })) as Room<any, any>;
    [a, b].forEach((r) => (r.reconnection.enabled = false));
    await waitForState(b, (s: any) => s.clockSeat === 1);
    a.send('drop', { column: 3 });
    const before: any = await waitForState(b, (s: any) => s.turn === 1 && s.clockSeat === 2);
    const moverLeft = before.timeLeft1;
    const since = before.clockSince;
    const tokens = [a.reconnectionToken, b.reconnectionToken];

    await suite.proc!.stop('SIGKILL');
    const killedAt = Date.now();
    suite.proc = await startServerProcess(port, { REDIS_URL: redisUrl, CLOCK_LAG_MS: '0' });
    const back: Room<any, any>[] = [];
    for (const token of tokens) back.push((await comeBack(client, token)) as Room<any, any>);
    const [, b2] = back;
    const state: any = await waitForState(b2, (s: any) => s.turn === 1 && s.clockSeat === 2);
    expect(state.clock).toBe('1+2');
    expect(state.timeLeft1).toBe(moverLeft);
    // Charged at most up to the kill: what the restart took is not taken off.
    expect(state.timeLeft2).toBeGreaterThanOrEqual(60_000 - (killedAt - since));
    expect(state.timeLeft2).toBeLessThanOrEqual(60_000);
    expect(state.clockSince).toBeGreaterThan(killedAt);
    b2.send('drop', { column: 4 });
    const after: any = await waitForState(back[0], (s: any) => s.turn === 2 && s.clockSeat === 1);
    expect(after.timeLeft2).toBeLessThanOrEqual(state.timeLeft2 + 2000);
    await Promise.all(back.map((r) => r.leave()));
  });
});
