/**
 * Finding 7, the export: `GET /api/account/export` left out the player's Monty Hall statistics
 * and Ten Exorcism scores. Contract: the export holds every table that keeps the account's id —
 * the player, rating history, matches and their settlements, finished games, Monty Hall
 * statistics and Ten Exorcism scores — and another player's data is not in it.
 */
import type { Room } from '@colyseus/sdk';
import { SqlHighScoreStore } from '../../server/stores/high-scores';
import { testFileDatabase } from '../support/database';
import { makeAccount, httpBase } from '../support/ranked';
import { sdkClient, waitForState } from '../support/server';
import { playToTheEnd } from '../support/ten-exorcism';
import { serverSuite } from './support';

jest.setTimeout(60000);

const suite = serverSuite();

async function exportOf(token: string): Promise<any> {
  const res = await fetch(`${httpBase(suite.server.url)}/api/account/export`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return res.json();
}

/** One Monty Hall game to its end, counted for the account whose token is given. */
async function playMonty(token: string): Promise<{ key: string }> {
  const room = (await sdkClient(suite.server).create('monty_hall', { name: 'Exporter', account: token })) as Room<any, any>;
  await waitForState(room, (s: any) => s.phase === 'initialized' && s.doors.length === 3);
  room.send('select', { door: 1 });
  await waitForState(room, (s: any) => s.phase === 'host_reveal');
  room.send('decide', { strategy: 'stick' });
  const done: any = await waitForState(room, (s: any) => s.phase === 'complete' && s.stats.stickWins + s.stats.stickLosses === 1);
  await room.leave();
  return { key: done.result.won ? 'stickWins' : 'stickLosses' };
}

it('holds the player\'s Monty Hall statistics and Ten Exorcism scores, and nobody else\'s', async () => {
  const tag = Math.random().toString(36).slice(2, 7);
  const [me, other] = [await makeAccount(suite.server.url, `Export ${tag}`), await makeAccount(suite.server.url, `Other ${tag}`)];
  const { key } = await playMonty(me.token);
  await playMonty(other.token);
  const scores = new SqlHighScoreStore(await testFileDatabase());
  await scores.add({ id: `ten-${tag}`, name: me.name, score: 120, seed: 7, at: 1, playerId: me.playerId });
  await scores.add({ id: `ten-other-${tag}`, name: other.name, score: 90, seed: 8, at: 2, playerId: other.playerId });

  const data = await exportOf(me.token);
  expect(data.player).toMatchObject({ id: me.playerId, name: me.name, email: me.email });
  const monty = Object.fromEntries(data.montyHallStatistics.map((r: { field: string; n: number }) => [r.field, Number(r.n)]));
  expect(monty[key]).toBe(1);
  expect(Object.values(monty).reduce((a: number, b) => a + (b as number), 0)).toBe(1);
  expect(data.tenExorcismScores).toEqual([{ id: `ten-${tag}`, name: me.name, score: 120, seed: 7, at: 1 }]);
  for (const part of ['ratingHistory', 'matches', 'settlements', 'finishedGames']) expect(data[part]).toEqual([]);
  expect(JSON.stringify(data)).not.toContain(other.name);
  expect(JSON.stringify(data)).not.toContain(other.playerId);
});

it('a Ten Exorcism game a signed-in player finishes is theirs: its score is in their export', async () => {
  const me = await makeAccount(suite.server.url, `Tenner ${Math.random().toString(36).slice(2, 7)}`);
  const client = sdkClient(suite.server);
  client.auth.token = me.token;
  const room = (await client.create('ten_exorcism', { name: me.name, seed: 4242 })) as Room<any, any>;
  const score = await playToTheEnd(room);
  await room.leave();
  const data = await exportOf(me.token);
  expect(data.tenExorcismScores).toEqual([expect.objectContaining({ id: room.roomId, name: me.name, score, seed: 4242 })]);
});
