/**
 * Only one director pairs an event: a second `tournament` room for the same event (as on another
 * process) reads and shows the event but pairs no one while the first holds the lease. The lease is
 * a row in the database of record, so this holds without Redis (`npm start` runs without it); once
 * the first director goes, the second takes over and pairs from the rows.
 */
import { matchMaker } from '@colyseus/core';
import type { RunningParlor } from '../../../server/app';
import { TournamentStore } from '../../../server/tournaments/tournament-store';
import { testFileDatabase } from '../../support/database';
import { makeAccount } from '../../support/ranked';
import { sdkClient, serverState, startTestServer } from '../../support/server';
import { waitUntil } from '../../support/wait';

jest.setTimeout(60000);

let server: RunningParlor;

beforeAll(async () => {
  process.env.TOURNAMENT_WAVE_MS = '100';
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
  delete process.env.TOURNAMENT_WAVE_MS;
});

it('a second director for the same event does not pair while the first holds the lease, and takes over when it goes', async () => {
  const owner = await makeAccount(server.url, 'Lockkeeper');
  const store = new TournamentStore(await testFileDatabase());
  const created = await store.create({ name: 'Locked arena', startsAt: Date.now(), minutes: 30, timeControl: '60s per move', createdBy: owner.playerId });
  if (!created.ok) throw new Error(created.message);
  const id = created.tournament.id;

  const first = await matchMaker.createRoom('tournament', { tournamentId: id });
  await waitUntil(() => serverState(first.roomId)?.directing === true, 'the first director holds the lease');
  const second = await matchMaker.createRoom('tournament', { tournamentId: id });

  const players = await Promise.all(['Pia', 'Quin'].map((n) => makeAccount(server.url, `${n}${Math.random().toString(36).slice(2, 6)}`)));
  const paired: string[] = [];
  for (const p of players) {
    const room = await sdkClient(server).joinById(second.roomId, { tournamentId: id, token: p.token });
    room.onMessage('paired', () => paired.push(p.playerId));
    room.onMessage('you', () => undefined);
    room.send('join_event', {});
  }
  await waitUntil(async () => (await store.players(id)).length === 2, 'both joined');
  // Two more waves of the second room after both joined: it read the event and paired no one.
  const seen = serverState(second.roomId).checkedAt;
  await waitUntil(() => serverState(second.roomId).checkedAt > seen, 'a wave');
  const seenAgain = serverState(second.roomId).checkedAt;
  await waitUntil(() => serverState(second.roomId).checkedAt > seenAgain, 'another wave');
  expect(serverState(second.roomId)).toMatchObject({ directing: false, status: 'running', players: 2 });
  expect(serverState(first.roomId).directing).toBe(true);
  expect(await store.games(id)).toEqual([]);
  expect(paired).toEqual([]);

  // The first director goes (its room is disposed, releasing the lease): the second pairs at its next wave.
  await matchMaker.getLocalRoomById(first.roomId)!.disconnect();
  await waitUntil(() => paired.length === 2, 'the second director pairs the two players', 20000);
  expect(serverState(second.roomId).directing).toBe(true);
  expect(await store.games(id)).toHaveLength(1);
});
