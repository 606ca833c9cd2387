/**
 * An arena on two server processes sharing Redis and PostgreSQL, its director's process killed
 * (SIGKILL) mid-event: 20 SDK players (a simple bot each: legal stones, a resignation after a few
 * of its own moves) play to the end while the process is restarted and a director takes over from
 * the rows. At the end: every paired game has exactly one result, no player was ever in two games
 * at once (one director paired at a time), each game counted once in the players' records, and the
 * standings the API serves are the sheets shared/tournament/arena-sheet.ts builds from the
 * finished games in the database.
 *
 * A second test opens a director room for one event on each process: only the lease holder pairs,
 * and when its process is killed the other takes over.
 */
import { Client, type Room } from '@colyseus/sdk';
import Redis from 'ioredis';
import { openPostgres } from '../../server/db/postgres';
import type { Database } from '../../server/db/database';
import { TournamentStore, type TournamentGame } from '../../server/tournaments/tournament-store';
import { buildSheet, LICHESS_ARENA, type ArenaGame } from '../../shared/tournament/arena-sheet';
import { emptyDatabase, processDatabaseUrl } from '../support/database';
import { emptyRedis, freePort, startServerProcess, testRedisUrl, buildServer, type ServerProcess } from '../support/processes';
import { makeAccount, type Guest } from '../support/ranked';
import { sleep } from '../support/server';
import { tournamentDetail } from '../support/tournaments';
import { waitUntil } from '../support/wait';

jest.setTimeout(180000);

const redisUrl = testRedisUrl();
// Test-only timings: waves every 200 ms, a minute of the arena's 3+2 clock lasts 2 s (a stuck game ends by its flag soon).
const ENV = { REDIS_URL: redisUrl, TOURNAMENT_WAVE_MS: '200', CLOCK_MINUTE_MS: '2000' };
const procs: ServerProcess[] = [];
let db: Database;
let store: TournamentStore;

beforeAll(async () => {
  buildServer();
  await emptyRedis(redisUrl);
  await emptyDatabase(await processDatabaseUrl());
  db = await openPostgres(await processDatabaseUrl());
  store = new TournamentStore(db);
}, 120000);

// Each test has processes of its own: the last test's, and what they left in Redis, are gone before the next.
afterEach(async () => {
  await Promise.all(procs.splice(0).map((p) => p.stop('SIGKILL')));
  await emptyRedis(redisUrl);
});

afterAll(() => db?.close());

async function start(port: number): Promise<ServerProcess> {
  const proc = await startServerProcess(port, ENV);
  procs.push(proc);
  return proc;
}

/** The port of the process hosting each `tournament` room (the matchmaker's listing in Redis: its public address). */
async function directorPorts(): Promise<{ roomId: string; port: number }[]> {
  const redis = new Redis(redisUrl);
  try {
    const caches = Object.values(await redis.hgetall('roomcaches')).map((text) => JSON.parse(text) as { name: string; roomId: string; publicAddress?: string });
    return caches.filter((c) => c.name === 'tournament').map((c) => ({ roomId: c.roomId, port: Number(c.publicAddress?.split(':')[1]) }));
  } finally {
    redis.disconnect();
  }
}

/** An event running now (made in the store: the HTTP route takes only whole 30-minute lengths), ending `endsInMs` from now. */
async function arena(owner: Guest, endsInMs: number) {
  const minutes = Math.ceil(endsInMs / 60_000);
  const created = await store.create({ name: 'Two-process arena', startsAt: Date.now() + endsInMs - minutes * 60_000, minutes, timeControl: '3+2', createdBy: owner.playerId });
  if (!created.ok) throw new Error(created.message);
  return created.tournament;
}

/** Even cells only (no five can form): seat 1 from the top rows, seat 2 from the bottom ones. */
const CELLS: Record<number, { x: number; y: number }[]> = {
  1: [0, 2, 4, 6].flatMap((y) => [0, 2, 4, 6, 8, 10, 12, 14].map((x) => ({ x, y }))),
  2: [14, 12, 10, 8].flatMap((y) => [0, 2, 4, 6, 8, 10, 12, 14].map((x) => ({ x, y }))),
};

/**
 * A player: in the event's director room (joined again through any live process when its room
 * goes), taking each seat it is paired to and playing it: legal stones, a colour when asked, and a
 * resignation after a few moves of its own.
 */
class ArenaBot {
  director: Room | null = null;
  paired = 0;
  played = 0;
  stopped = false;
  private readonly clients: Client[];

  constructor(readonly player: Guest, urls: string[], private readonly tournamentId: string) {
    this.clients = urls.map((u) => new Client(u));
  }

  async enter(): Promise<void> {
    for (let attempt = 0; !this.stopped; attempt++) {
      try {
        const room = await this.clients[attempt % this.clients.length].joinOrCreate('tournament', { tournamentId: this.tournamentId, token: this.player.token });
        room.reconnection.enabled = false;
        room.onMessage('you', () => undefined);
        room.onMessage('error', () => undefined);
        room.onMessage('berserked', () => undefined);
        room.onMessage('paired', (p: { reservation: unknown }) => void this.play(p.reservation, attempt));
        room.onLeave(() => {
          if (this.director === room) this.director = null;
          if (!this.stopped) void this.enter();
        });
        this.director = room;
        room.send('join_event', {});
        return;
      } catch {
        await sleep(300);
      }
    }
  }

  private async play(reservation: unknown, attempt: number): Promise<void> {
    this.paired++;
    let game: Room<any, any>;
    try {
      game = await this.clients[attempt % this.clients.length].consumeSeatReservation(reservation as never);
    } catch {
      return; // The game's process died before the seat was taken: its flag or an abandon ends it.
    }
    const limit = 2 + Math.floor(Math.random() * 4);
    let acted = 0;
    let lastTurn = -1;
    let placed = 0;
    game.onMessage('moves', () => undefined);
    game.onMessage('seat_token', () => undefined);
    game.onStateChange((s: any) => {
      if (s.phase === 'game_over') {
        if (acted >= 0) {
          acted = -1;
          this.played++;
          void game.leave().catch(() => undefined);
        }
        return;
      }
      if (s.toMove !== game.sessionId || s.turn === lastTurn || acted < 0) return;
      lastTurn = s.turn;
      const seat: number = s.players.get(game.sessionId)?.seat ?? 1;
      acted++;
      if (acted > limit) return game.send('resign', {});
      const choices = [...(s.choices ?? [])] as string[];
      if (choices.length) return game.send('choose', { choice: choices.find((c) => c === 'black' || c === 'white') ?? choices[0] });
      game.send('place', CELLS[seat][placed++]);
    });
  }

  async stop() {
    this.stopped = true;
    await this.director?.leave().catch(() => undefined);
  }
}

/** Each player's side of a finished game, as the sheet reads it. */
function sideOf(g: TournamentGame, playerId: string): ArenaGame {
  const opener = g.opener === playerId;
  const result = g.result === 'draw' ? 'draw' : g.result === (opener ? 'opener' : 'follower') ? 'win' : 'loss';
  return { result, berserk: opener ? g.openerBerserk : g.followerBerserk, plies: g.openerMoves + g.followerMoves, ownMoves: opener ? g.openerMoves : g.followerMoves, endedAt: g.endedAt! };
}

it('20 players play an arena to its end on two processes while the director\'s process is killed: every game once, the standings its sheets', async () => {
  const [portA, portB] = await Promise.all([freePort(), freePort()]);
  const byPort = new Map<number, ServerProcess>();
  for (const port of [portA, portB]) byPort.set(port, await start(port));
  const [a, b] = [byPort.get(portA)!, byPort.get(portB)!];
  const owner = await makeAccount(a.url, 'Arena host');
  const players = await Promise.all(Array.from({ length: 20 }, (_, i) => makeAccount((i % 2 ? b : a).url, `Bot${i}${Math.random().toString(36).slice(2, 6)}`)));
  const event = await arena(owner, 40_000);

  // One director room: the first player opens it, the others join it through either process.
  const bots = players.map((p, i) => new ArenaBot(p, i % 2 ? [b.url, a.url] : [a.url, b.url], event.id));
  await bots[0].enter();
  for (const bot of bots.slice(1)) await bot.enter();
  const [director] = await directorPorts();
  expect(director).toBeDefined();

  // Mid-event, a few games in: the director's process dies at once, and is started again on its port.
  await waitUntil(async () => (await store.games(event.id)).filter((g) => g.endedAt !== null).length >= 8, 'eight games finished', 60000);
  const victim = byPort.get(director.port)!;
  const gamesBefore = (await store.games(event.id)).length;
  const killedAt = Date.now();
  await victim.stop('SIGKILL');
  expect(victim.child.signalCode).toBe('SIGKILL');
  byPort.set(director.port, await start(director.port));

  // Pairing goes on under a new director (once the dead one's lease lapses), until the end.
  await waitUntil(async () => (await store.games(event.id)).some((g) => g.startedAt > killedAt), 'a game paired after the kill', 60000);
  await waitUntil(() => Date.now() > event.startsAt + event.minutes * 60_000, 'the event is over', 60000);
  // Games still running at the end are played out; then nothing is paired.
  await waitUntil(async () => (await store.games(event.id)).every((g) => g.endedAt !== null), 'every paired game finished', 60000).catch(async (err) => {
    const open = (await store.games(event.id)).filter((g) => g.endedAt === null);
    const redis = new Redis(redisUrl);
    const caches = await redis.hgetall('roomcaches');
    const owners = await redis.hgetall('parlor:owners').catch(() => ({}));
    redis.disconnect();
    console.log(JSON.stringify({ killedAt, open, listed: open.map((g) => [g.roomId, caches[g.roomId] ?? null, (owners as Record<string, string>)[g.roomId] ?? null]) }, null, 1));
    console.log([...byPort.values()].map((p) => p.output.join('').split('\n').filter((l) => /error|restore|warn/i.test(l)).slice(-30).join('\n')).join('\n----\n'));
    throw err;
  });
  for (const bot of bots) await bot.stop();

  const games = await store.games(event.id);
  const tournamentPlayers = await store.players(event.id);
  expect(tournamentPlayers).toHaveLength(20);
  // Exactly one result per paired game, keyed by its match id.
  expect(new Set(games.map((g) => g.id)).size).toBe(games.length);
  for (const g of games) expect(g.result === 'opener' || g.result === 'follower' || g.result === 'draw').toBe(true);
  expect(games.filter((g) => g.startedAt > event.startsAt + event.minutes * 60_000)).toEqual([]);
  // No player in two games at once: one director paired at a time.
  for (const p of tournamentPlayers) {
    const own = games.filter((g) => g.opener === p.playerId || g.follower === p.playerId).sort((x, y) => x.startedAt - y.startedAt);
    for (let i = 1; i < own.length; i++) expect(own[i].startedAt).toBeGreaterThanOrEqual(own[i - 1].endedAt!);
    // Each finished game counted once in the player's record (opening histories, last opponent).
    expect({ player: p.playerId, games: p.games }).toEqual({ player: p.playerId, games: own.length });
  }

  // The standings served equal the sheets built from the finished games in the order they ended.
  const rules = { ...LICHESS_ARENA, eventEndsAt: event.startsAt + event.minutes * 60_000 };
  const page = (await tournamentDetail(a.url, event.id, '?limit=500')) as { standings: { playerId: string; score: number; sheet: { points: number; result: string }[] }[] };
  expect(page.standings).toHaveLength(20);
  for (const row of page.standings) {
    const sides = games.filter((g) => g.opener === row.playerId || g.follower === row.playerId).sort((x, y) => x.endedAt! - y.endedAt! || x.startedAt - y.startedAt).map((g) => sideOf(g, row.playerId));
    const sheet = buildSheet(sides, rules);
    expect({ player: row.playerId, score: row.score, points: row.sheet.map((s) => s.points) }).toEqual({ player: row.playerId, score: sheet.total, points: sheet.scores.map((s) => s.points) });
  }
  const scores = page.standings.map((r) => r.score);
  expect([...scores].sort((x, y) => y - x)).toEqual(scores);
  expect(games.length).toBeGreaterThan(gamesBefore);
  expect(bots.reduce((n, bot) => n + bot.paired, 0)).toBeGreaterThanOrEqual(games.length);
});

it('two director rooms for one event on two processes: only the lease holder pairs, and the other takes over when its process dies', async () => {
  const [c, d] = await Promise.all([freePort(), freePort()].map(async (port) => start(await port)));
  const owner = await makeAccount(c.url, 'Lock host');
  const event = await arena(owner, 120_000);
  // A director room on each process (the matchmaker makes a new room on the process with fewer).
  const watch = async (url: string) => {
    const room = await new Client(url).create('tournament', { tournamentId: event.id });
    room.reconnection.enabled = false;
    room.onMessage('you', () => undefined);
    return room as Room<any, any>;
  };
  // Made until each process has one (the matchmaker's room counts lag a little); the rooms beyond that are left (disposed).
  const onPort = new Map<number, Room<any, any>>();
  let hosts = new Map<string, number>();
  for (let i = 0; i < 8 && onPort.size < 2; i++) {
    const room = await watch(i % 2 ? d.url : c.url);
    hosts = new Map((await directorPorts()).map((p) => [p.roomId, p.port]));
    const port = hosts.get(room.roomId)!;
    if (onPort.has(port)) await room.leave();
    else onPort.set(port, room);
  }
  expect([...onPort.keys()].sort()).toEqual([c.port, d.port].sort());
  const [first, second] = [...onPort.values()];

  // Both read the event; exactly one holds the lease, wave after wave.
  const waves = async (room: Room<any, any>, n: number) => {
    for (let i = 0; i < n; i++) {
      // (0 before the room's first state has arrived)
      const seen = room.state.checkedAt ?? 0;
      await waitUntil(() => (room.state.checkedAt ?? 0) > seen, 'a wave', 10000);
    }
  };
  await Promise.all([waves(first, 2), waves(second, 2)]);
  const [holder, other] = first.state.directing ? [first, second] : [second, first];
  expect([holder.state.directing, other.state.directing]).toEqual([true, false]);

  // Two players in each room: the holder's are paired, the other's wait.
  const players = await Promise.all(['Ho1', 'Ho2', 'Ot1', 'Ot2'].map((n) => makeAccount(c.url, `${n}${Math.random().toString(36).slice(2, 6)}`)));
  const paired = new Map<string, number>();
  const members = await Promise.all(players.map(async (p, i) => {
    const room = i < 2 ? holder : other;
    const member = await new Client(hosts.get(room.roomId) === c.port ? c.url : d.url).joinById(room.roomId, { tournamentId: event.id, token: p.token });
    member.reconnection.enabled = false;
    member.onMessage('you', () => undefined);
    member.onMessage('paired', () => paired.set(p.playerId, (paired.get(p.playerId) ?? 0) + 1));
    member.send('join_event', {});
    return member;
  }));
  await waitUntil(() => paired.size === 2, 'the holder pairs its two players', 20000);
  await waves(other, 3);
  expect([...paired.keys()].sort()).toEqual([players[0].playerId, players[1].playerId].sort());
  const games = await store.games(event.id);
  expect(games).toHaveLength(1);
  expect([games[0].opener, games[0].follower].sort()).toEqual([players[0].playerId, players[1].playerId].sort());
  expect(other.state.directing).toBe(false);

  // The holder's process dies: once its lease lapses, the other room directs and pairs its own players.
  const victim = [c, d].find((p) => p.port === hosts.get(holder.roomId))!;
  await victim.stop('SIGKILL');
  await waitUntil(() => paired.has(players[2].playerId) && paired.has(players[3].playerId), 'the other director pairs its players', 30000);
  // (the wave that paired them shows it in its state right after)
  await waitUntil(() => other.state.directing === true, 'the other room directs');
  const after = await store.games(event.id);
  expect(after).toHaveLength(2);
  expect([after[1].opener, after[1].follower].sort()).toEqual([players[2].playerId, players[3].playerId].sort());
  for (const room of [other, ...members.slice(2)]) await room.leave().catch(() => undefined);
});
