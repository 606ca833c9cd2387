/**
 * The Swiss store on both engines (PGlite and a real PostgreSQL): a round is started once, by the
 * lease holder only, with its games, bye and absences in one transaction; late joining scores the
 * missed rounds (½ for round 1, 0 after) and closes past half the rounds; two absences withdraw a
 * player; the standings read from the rows rank by points, Buchholz cut 1 and Sonneborn–Berger.
 */
import type { Database } from '../../../server/db/database';
import { SqlRankedStore } from '../../../server/stores/ranked-store';
import { newPlayer } from '../../../server/accounts/player-record';
import { TournamentStore } from '../../../server/tournaments/tournament-store';
import { loadSwiss } from '../../../server/tournaments/swiss-director';
import { emptyTables, openTestPglite, openTestPostgres } from '../../support/database';

jest.setTimeout(60000);

describe.each([
  ['PGlite', openTestPglite],
  ['PostgreSQL', openTestPostgres],
] as const)('SwissStore on %s', (_engine, open) => {
  let db: Database;
  let store: TournamentStore;

  beforeAll(async () => {
    db = await open();
    store = new TournamentStore(db);
  });
  afterAll(() => db?.close());
  beforeEach(() => emptyTables(db));

  async function players(...ids: string[]) {
    const ranked = new SqlRankedStore(db);
    for (const id of ids) await ranked.savePlayer(newPlayer(id, `name-${id}`, Date.now()));
  }

  async function swiss(rounds = 5) {
    await players('owner');
    const created = await store.create({ name: 'Swiss night', startsAt: Date.now() - 1000, minutes: 0, timeControl: '60s per move', createdBy: 'owner', kind: 'swiss', rounds });
    if (!created.ok) throw new Error(created.message);
    return created.tournament;
  }

  const round = (tournamentId: string, n: number, extra: Partial<Parameters<TournamentStore['swiss']['startRound']>[0]> = {}) =>
    store.swiss.startRound({ tournamentId, director: 'd1', round: n, now: Date.now(), games: [], bye: null, absent: [], floatedDown: [], ...extra });

  it('is listed as running until its director finishes it, whatever the clock says', async () => {
    const t = await swiss();
    expect(t.kind).toBe('swiss');
    expect((await store.event(t.id, Date.now() + 24 * 3600_000))!.status).toBe('running');
    expect((await store.list('running', 10)).map((e) => e.id)).toEqual([t.id]);
    expect(await store.list('finished', 10)).toEqual([]);
    expect(await store.swiss.progress(t.id)).toEqual({ rounds: 5, round: 0, roundStartedAt: 0 });
  });

  it('starts a round once, and only for the lease holder, with its games, bye and absences together', async () => {
    const t = await swiss();
    await players('a', 'b', 'c', 'd');
    for (const p of ['a', 'b', 'c', 'd']) expect(await store.swiss.join(t.id, p)).toBe('joined');
    // No lease: nothing is written.
    expect(await round(t.id, 1)).toBe(false);
    expect(await store.claimDirector(t.id, 'd1', 10_000)).toBe(true);
    const start = { games: [{ id: 'g1', roomId: 'r1', opener: 'a', follower: 'b', openerKey: 'key-a', followerKey: 'key-b' }], bye: 'c', absent: [{ playerId: 'd', missedStarts: 1, withdrawn: false }], floatedDown: ['a'] };
    const twice = await Promise.all([round(t.id, 1, start), round(t.id, 1, start)]);
    expect(twice.filter(Boolean)).toHaveLength(1);
    // Not round 3 before round 2; another director cannot start round 2.
    expect(await round(t.id, 3)).toBe(false);
    expect(await store.swiss.startRound({ tournamentId: t.id, director: 'd2', round: 2, now: Date.now(), games: [], bye: null, absent: [], floatedDown: [] })).toBe(false);
    const snap = (await loadSwiss(store, (await store.event(t.id))!))!;
    expect(snap.rows.progress.round).toBe(1);
    expect(snap.games.map((g) => [g.id, g.opener, g.follower, snap.rows.gameRound.get(g.id)])).toEqual([['g1', 'a', 'b', 1]]);
    expect(snap.view.pairings).toEqual([{ round: 1, games: [expect.objectContaining({ id: 'g1' })], byes: ['c'], absent: ['d'] }]);
    expect(snap.view.pairing.get('a')).toMatchObject({ floatedDown: true, opponents: ['b'], hadBye: false });
    expect(snap.view.pairing.get('c')).toMatchObject({ hadBye: true, points: 1, opponents: [] });
    expect(snap.rows.extras.get('d')).toEqual({ missedStarts: 1, floatedDown: false });
    // The seat keys are the store's: a returning player's seat, never in the games the API lists.
    expect(await store.swiss.openSeat(t.id, 'b')).toEqual({ gameId: 'g1', roomId: 'r1', round: 1, seat: 2, seatKey: 'key-b' });
    expect(await store.swiss.openSeat(t.id, 'c')).toBeNull();
    expect(JSON.stringify(snap.games)).not.toMatch(/key-/);

    // The game ends: a beats b. Standings: c (bye) and a on 1, b and d on 0.
    expect(await store.finishGame({ gameId: 'g1', result: 'opener', openerMoves: 10, followerMoves: 9, endedAt: Date.now() })).toBe(true);
    const after = (await loadSwiss(store, (await store.event(t.id))!))!;
    expect((await store.games(t.id))[0].counted).toBe(true);
    const line = (id: string) => after.view.table.find((r) => r.playerId === id)!;
    expect([line('a').score, line('b').score, line('c').score, line('d').score]).toEqual([1, 0, 1, 0]);
    // a's opponent b has 0: Buchholz 0; c's bye counts as an opponent on c's own 1 point (cut 1 leaves 0 with one round).
    expect(line('a').sheet).toEqual([{ round: 1, kind: 'game', gameId: 'g1', opponent: 'b', opened: true, points: 1 }]);
    expect(line('c').sheet).toEqual([{ round: 1, kind: 'bye', points: 1 }]);
    expect(line('d').sheet).toEqual([{ round: 1, kind: 'absent', points: 0 }]);
    expect(line('a').performance).toBe(line('b').rating + 500);
    expect(after.view.table.slice(0, 2).map((r) => r.playerId).sort()).toEqual(['a', 'c']);

    // A second absence withdraws d; their rows stay.
    expect(await round(t.id, 2, { absent: [{ playerId: 'd', missedStarts: 2, withdrawn: true }] })).toBe(true);
    expect((await store.players(t.id)).find((p) => p.playerId === 'd')!.withdrawn).toBe(true);
    // Coming back forgives the absences.
    expect(await store.swiss.join(t.id, 'd')).toBe('joined');
    expect((await store.swiss.records(t.id))!.extras.get('d')!.missedStarts).toBe(0);
  });

  it('decides a game nobody sat down to by forfeit, once: the one who came wins, each who did not has missed a start', async () => {
    const t = await swiss();
    await players('a', 'b', 'c', 'd');
    for (const p of ['a', 'b', 'c', 'd']) await store.swiss.join(t.id, p);
    await store.claimDirector(t.id, 'd1', 10_000);
    const game = (id: string, opener: string, follower: string) => ({ id, roomId: `r-${id}`, opener, follower, openerKey: `k-${id}-1`, followerKey: `k-${id}-2` });
    expect(await round(t.id, 1, { games: [game('g1', 'a', 'b'), game('g2', 'c', 'd')] })).toBe(true);
    const now = Date.now();
    // Twice at once (two directors, one lapsing): decided once, the absence counted once.
    expect((await Promise.all([store.swiss.forfeit('g1', 'opener', now), store.swiss.forfeit('g1', 'opener', now)])).sort()).toEqual([false, true]);
    expect(await store.swiss.forfeit('g1', 'none', now)).toBe(false);
    expect(await store.swiss.forfeit('g2', 'none', now)).toBe(true);
    // Finished once: a late settlement of the same game writes nothing.
    expect(await store.finishGame({ gameId: 'g1', result: 'follower', openerMoves: 3, followerMoves: 3, endedAt: now })).toBe(false);
    const snap = (await loadSwiss(store, (await store.event(t.id))!))!;
    const score = (id: string) => snap.view.table.find((r) => r.playerId === id)!.score;
    expect(['a', 'b', 'c', 'd'].map(score)).toEqual([1, 0, 0, 0]);
    expect(['a', 'b', 'c', 'd'].map((id) => snap.rows.extras.get(id)!.missedStarts)).toEqual([0, 1, 1, 1]);
    // No game was played: nobody's opening history moved.
    expect((await store.players(t.id)).map((p) => p.games)).toEqual([0, 0, 0, 0]);
    // A second no-show withdraws.
    expect(await round(t.id, 2, { games: [game('g3', 'b', 'c'), game('g4', 'a', 'd')] })).toBe(true);
    expect(await store.swiss.forfeit('g3', 'follower', Date.now())).toBe(true);
    // A room the server lost: both lose, and neither has missed a start.
    expect(await store.swiss.forfeit('g4', 'none', Date.now(), false)).toBe(true);
    const after = await store.players(t.id);
    expect(after.filter((p) => p.withdrawn).map((p) => p.playerId)).toEqual(['b']);
    expect((await store.swiss.records(t.id))!.extras.get('a')!.missedStarts).toBe(0);
    expect((await store.swiss.records(t.id))!.extras.get('d')!.missedStarts).toBe(1);
  });

  it('lets a player join late while at most half the rounds are missed, scoring round 1 ½ and later rounds 0', async () => {
    const t = await swiss(5);
    await players('late1', 'late2', 'late3');
    await store.claimDirector(t.id, 'd1', 10_000);
    expect(await round(t.id, 1)).toBe(true);
    expect(await store.swiss.join(t.id, 'late1')).toBe('joined');
    expect(await round(t.id, 2)).toBe(true);
    expect(await store.swiss.join(t.id, 'late2')).toBe('joined');
    expect(await round(t.id, 3)).toBe(true);
    // 5 rounds: missing 3 is more than half.
    expect(await store.swiss.join(t.id, 'late3')).toBe('late_join_closed');
    const rows = (await store.swiss.records(t.id))!;
    expect(rows.unplayed.filter((u) => u.kind === 'late').map((u) => [u.playerId, u.round, u.points])).toEqual([['late1', 1, 0.5], ['late2', 1, 0.5], ['late2', 2, 0]]);
    expect((await store.players(t.id)).map((p) => p.playerId).sort()).toEqual(['late1', 'late2']);
    // One outcome per round for everyone in the event: a round started without a game for them is an absence.
    expect(rows.unplayed.filter((u) => u.playerId === 'late1').map((u) => [u.round, u.kind])).toEqual([[1, 'late'], [2, 'absent'], [3, 'absent']]);
    await store.advance(t.id, 'finished');
    expect(await store.swiss.join(t.id, 'late1')).toBe('event_finished');
  });
});
