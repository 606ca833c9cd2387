/**
 * What a Flip 7 table saves to Redis is the table as it is after the action: in particular the
 * turn clock of whoever acts next, which a restore resumes (the time the table had no host
 * is not charged).
 */
import Redis from 'ioredis';
import { redisServerSuite, sdkClient, waitForState } from '../support/server';

const suite = redisServerSuite();

it('the saved snapshot holds the running turn clock of the player to act, after each of four hand-overs to a player', async () => {
  const client = sdkClient(suite.server);
  const host = await client.create('flip7', { name: 'Hana', bots: 1, turnSeconds: 120 });
  const guest = await client.joinById(host.roomId, { name: 'Gus' });
  [host, guest].forEach((r) => r.onMessage('seat_token', () => undefined));
  await waitForState(host, (s: any) => s.players.size === 3);
  host.send('start', {});
  const redis = new Redis(suite.redisUrl);
  const humans = [host, guest];
  const checked: number[] = [];
  // Four human turns (rounds and bot moves in between); each time, the stored clock is the one shown.
  for (let i = 0; i < 4; i++) {
    await waitForState(host, (st: any) => st.phase === 'playing' && humans.some((h) => h.sessionId === st.toAct) && st.deadline > 0, 10000);
    // A copy: the SDK's state object changes in place. The save precedes the patch, so Redis has it already.
    const s = host.state.toJSON() as any;
    const stored = JSON.parse((await redis.get(`parlor:room:${host.roomId}`))!);
    expect(stored.snapshot.deadline).toBe(s.deadline);
    checked.push(s.version);
    const mover = humans.find((h) => h.sessionId === s.toAct)!;
    const targets: string[] = s.pending?.targets ?? [];
    mover.send(targets.length ? 'target' : 'hit', targets.length ? { sessionId: targets[0] } : {});
    await waitForState(host, (st: any) => st.version > s.version, 10000);
  }
  expect(checked).toHaveLength(4);
  redis.disconnect();
  await Promise.all([host.leave(), guest.leave()]);
}, 60000);
