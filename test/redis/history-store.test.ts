/**
 * Finished games with a server on Redis: a game played to the end is kept in the database of
 * record (not in Redis, which holds only live rooms) and served at /api/games/<id>. The store
 * itself is tested on both engines in test/server/db/stores.test.ts.
 */
import Redis from 'ioredis';
import { SqlFinishedGameStore } from '../../server/stores/finished-games';
import { seatTwo, type GomokuRoomClient } from '../support/gomoku-client';
import { getJson, playSeatOneWins } from '../support/ranked';
import { redisServerSuite, sdkClient, waitForState } from '../support/server';
import { testFileDatabase } from '../support/database';

const suite = redisServerSuite();

it('a game played to the end on a server with Redis is kept in the database, not in Redis, and served', async () => {
  const { p1, p2 } = await seatTwo(sdkClient(suite.server));
  await playSeatOneWins([p1, p2]);
  const id = (await waitForState(p1, (s) => (s as unknown as { replayId: string }).replayId !== '') as unknown as { replayId: string }).replayId;
  const stored = await new SqlFinishedGameStore(await testFileDatabase()).get(id);
  expect(stored).toMatchObject({ id, game: 'gomoku', roomId: p1.roomId, reason: 'five' });
  expect((await getJson(suite.server.url, `/api/games/${id}`)).body).toEqual(stored);
  const redis = new Redis(suite.redisUrl);
  expect(await redis.keys(`*${id}*`)).toEqual([]);
  redis.disconnect();
  for (const r of [p1, p2] as GomokuRoomClient[]) await r.leave();
});
