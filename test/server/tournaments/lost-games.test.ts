/**
 * A paired game whose room is gone for good (its process died before anyone sat down, so nothing
 * saved it) is voided by the director: its row goes and its players are paired again; so is a game
 * whose room still seats its players long after pairing (a no-show), its room closed. A game whose
 * room is live is left alone.
 */
import { matchMaker } from '@colyseus/core';
import type { RunningParlor } from '../../../server/app';
import { LOST_AFTER_MS, NO_SHOW_MS } from '../../../server/tournaments/lost-games';
import { TournamentStore } from '../../../server/tournaments/tournament-store';
import { testFileDatabase } from '../../support/database';
import { makeAccount } from '../../support/ranked';
import { startTestServer } from '../../support/server';
import { enterTournament, type Seat } from '../../support/tournaments';
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

it('voids a game whose room is gone, pairs its players again, and keeps a game whose room is live', async () => {
  const owner = await makeAccount(server.url, 'Void host');
  const store = new TournamentStore(await testFileDatabase());
  const created = await store.create({ name: 'Lost arena', startsAt: Date.now(), minutes: 30, timeControl: '3+2', createdBy: owner.playerId });
  if (!created.ok) throw new Error(created.message);
  const id = created.tournament.id;
  const [lostA, lostB, liveA, liveB] = await Promise.all(['La', 'Lb', 'Va', 'Vb'].map((n) => makeAccount(server.url, `${n}${Math.random().toString(36).slice(2, 6)}`)));
  for (const p of [lostA, lostB, liveA, liveB]) await store.join(id, p.playerId);
  // Two games paired long enough ago: one in a room that no longer exists, one in a live room.
  const live = await matchMaker.createRoom('gomoku', {});
  const seating = await matchMaker.createRoom('gomoku', {});
  const long = Date.now() - LOST_AFTER_MS - 1000;
  const [noShowA, noShowB] = await Promise.all(['Na', 'Nb'].map((n) => makeAccount(server.url, `${n}${Math.random().toString(36).slice(2, 6)}`)));
  for (const p of [noShowA, noShowB]) await store.join(id, p.playerId);
  // Paired long ago, its room still seating: a no-show.
  await store.startGame(id, { id: `noshow-${id}`, roomId: seating.roomId, opener: noShowA.playerId, follower: noShowB.playerId, startedAt: Date.now() - NO_SHOW_MS - 1000 });
  await store.startGame(id, { id: `lost-${id}`, roomId: 'noSuchRoom1', opener: lostA.playerId, follower: lostB.playerId, startedAt: long });
  await store.startGame(id, { id: `live-${id}`, roomId: live.roomId, opener: liveA.playerId, follower: liveB.playerId, startedAt: long });

  // The players are here: the director voids the lost game and pairs its two players again.
  const seats: { playerId: string; seat: Seat }[] = [];
  for (const p of [lostA, lostB, liveA, liveB, noShowA, noShowB]) seats.push({ playerId: p.playerId, seat: await enterTournament(server.url, id, p) });
  // One entry per `paired` message heard, so that a player paired twice shows twice.
  const paired = () => seats.flatMap((s) => s.seat.paired.map(() => s.playerId));
  await waitUntil(() => paired().length === 4, 'the lost and the no-show games\' players paired again', 20000);
  expect(paired().sort()).toEqual([lostA.playerId, lostB.playerId, noShowA.playerId, noShowB.playerId].sort());
  const games = await store.games(id);
  expect(games.map((g) => g.id)).not.toContain(`lost-${id}`);
  expect(games.map((g) => g.id)).not.toContain(`noshow-${id}`);
  expect(games.find((g) => g.id === `live-${id}`)).toMatchObject({ endedAt: null, roomId: live.roomId });
  expect(games).toHaveLength(3);
  // The no-show's room is closed; the live one stays.
  await waitUntil(() => matchMaker.getLocalRoomById(seating.roomId) === undefined, 'the no-show room closed');
  expect(matchMaker.getLocalRoomById(live.roomId)).toBeDefined();
  // A finished game is never voided.
  expect(await store.finishGame({ gameId: `live-${id}`, result: 'opener', openerMoves: 9, followerMoves: 8, endedAt: Date.now() })).toBe(true);
  expect(await store.voidGame(id, `live-${id}`)).toBe(false);
  expect((await store.games(id)).find((g) => g.id === `live-${id}`)).toMatchObject({ result: 'opener' });
});
