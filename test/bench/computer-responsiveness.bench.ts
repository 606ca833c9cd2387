/**
 * The Gomoku computer under attack: one address asks for 40 level-3 games against the
 * computer, moves whenever it is its turn and asks a rematch at each end (taking the new room),
 * retrying refused games every second. Meanwhile, from other addresses, another player's level-1
 * computer is timed (send → the computer's stone decoded; the 250 ms pause the server takes
 * before the computer moves included) and a plain two-player room's moves (send → opponent
 * decoded). Before, during, and in the 2 s after the attackers leave. Three times: with every
 * limit at its default; with matchmaking calls not limited (the computer's caps alone refuse the
 * attacker's ~40 asks a second); and with the per-address cap lifted too (the fair queue and the
 * shorter thinking alone).
 * Addresses come from X-Forwarded-For (the server trusts one proxy), as behind the deploy's proxy.
 */
import { Client, type Room } from '@colyseus/sdk';
import { startParlor, type RunningParlor } from '../../server/app';
import type { ComputerLimits } from '../../server/limits';
import { BLACK_CELLS, WHITE_CELLS, until } from './move-latency.bench';
import { percentile, report } from './timing';
import { followMoves, type RoomMoves } from '../../client/src/games/gomoku/room-moves';

const ATTACK_ROOMS = 40;
const PLAIN_MOVES = 100;
/** Games of PLAIN_MOVES moves a plain room's figure is taken over: a p99 of 100 moves is their second slowest. */
const PLAIN_GAMES = 4;
const VICTIM_ANSWERS = 20;

const from = (url: string, address: string) => new Client(url, { headers: { 'x-forwarded-for': address } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const state = (room: Room) => room.state as any;
/** Leaves, without waiting forever on a connection the server already closed (the SDK's leave never settles then). */
const leave = (room: Room) => Promise.race([room.leave().catch(() => undefined), sleep(2000)]);

const followed = new WeakMap<Room, RoomMoves>();
/** The room's move list as its client keeps it (the synced state has only the last stone): followed from the first call. */
const movesOf = (room: Room) => (followed.get(room) ?? followed.set(room, followMoves(room)).get(room)!).current();

/** The empty cell nearest the centre of a move list. */
function freeCell(moves: Iterable<number>): { x: number; y: number } {
  const taken = new Set(moves);
  for (let r = 0; r < 8; r++) {
    for (let y = 7 - r; y <= 7 + r; y++) {
      for (let x = 7 - r; x <= 7 + r; x++) if (!taken.has(y * 15 + x)) return { x, y };
    }
  }
  throw new Error('board full');
}

async function plainRoomLatencies(client: Client): Promise<number[]> {
  const p1 = await client.create('gomoku', { name: 'A', swap2: false, rule: 'freestyle' });
  const p2 = await client.joinById(p1.roomId, { name: 'B' });
  await until(() => state(p1)?.phase === 'main_game' && state(p2)?.phase === 'main_game' && state(p1).moveCount !== undefined && state(p2).moveCount !== undefined);
  const latencies: number[] = [];
  for (let i = 0; i < PLAIN_MOVES / 2; i++) {
    for (const [mover, watcher, cell] of [[p1, p2, BLACK_CELLS[i]], [p2, p1, WHITE_CELLS[i]]] as [Room, Room, number][]) {
      const [x, y] = [cell % 15, Math.floor(cell / 15)];
      const t = performance.now();
      mover.send('place', { x, y });
      await until(() => state(watcher).lastMove === y * 15 + x, 30000);
      latencies.push(performance.now() - t);
      await sleep(20);
    }
  }
  await Promise.all([leave(p1), leave(p2)]);
  return latencies;
}

/** Plain games one after the other, at least PLAIN_GAMES of them and until `enough()`: every move's latency. */
async function plainRoomGames(client: Client, enough: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  for (let game = 0; game < PLAIN_GAMES || !enough(); game++) latencies.push(...(await plainRoomLatencies(client)));
  return latencies;
}

/** A player against the level-1 computer: the time from each move to the computer's answer, for `count` answers or until `stop()`. */
async function victimAnswers(client: Client, count: number, stop: () => boolean = () => false): Promise<number[]> {
  const answers: number[] = [];
  while (answers.length < count && !stop()) {
    const room = await client.create('gomoku', { name: 'V', opponent: 'computer', level: 1, swap2: false, first: 'human' });
    await until(() => state(room)?.phase === 'main_game' && state(room).toMove === room.sessionId, 30000);
    while (answers.length < count && !stop() && state(room).phase !== 'game_over') {
      const moves = state(room).moveCount;
      const t = performance.now();
      room.send('place', freeCell(movesOf(room)));
      await until(() => state(room).moveCount > moves + 1 || state(room).phase === 'game_over', 60000);
      if (state(room).moveCount > moves + 1) answers.push(performance.now() - t);
    }
    await leave(room);
  }
  return answers;
}

/** The attack: until `stop()`, keeps up to ATTACK_ROOMS level-3 games, each played and rematched. */
function attack(url: string, stop: () => boolean, tally: { admitted: number; refused: number }): Promise<void> {
  const client = from(url, '203.0.113.66');
  const slot = async () => {
    while (!stop()) {
      let room: Room;
      try {
        room = await client.create('gomoku', { name: 'X', opponent: 'computer', level: 3, swap2: false, first: 'computer' });
        tally.admitted++;
      } catch {
        tally.refused++;
        await sleep(1000);
        continue;
      }
      while (!stop()) {
        await until(() => stop() || state(room)?.phase === 'game_over' || state(room)?.toMove === room.sessionId, 600_000).catch(() => undefined);
        if (stop()) break;
        if (state(room).phase === 'game_over') {
          const offer = new Promise<any>((resolve) => room.onMessage('rematch', resolve));
          room.send('rematch', {});
          // An answer other than the offer (an error) must not hold the slot past the attack's end.
          const answer = await Promise.race([offer, until(stop, 600_000).then(() => null, () => null)]);
          const next = answer ? await client.consumeSeatReservation(answer.reservation).catch(() => null) : null;
          await leave(room);
          if (!next) break;
          room = next;
          continue;
        }
        const moves = state(room).moveCount;
        room.send('place', freeCell(movesOf(room)));
        await until(() => stop() || state(room).moveCount > moves || state(room).phase === 'game_over', 600_000).catch(() => undefined);
      }
      await leave(room);
    }
  };
  return Promise.all(Array.from({ length: ATTACK_ROOMS }, slot)).then(() => undefined);
}

/** `limits`: the computer's; `liftMatchmake`: no per-address limit on matchmaking calls (else the server's default, 120 per 10 s). */
async function underAttack(label: string, limits: Partial<ComputerLimits>, liftMatchmake: boolean): Promise<void> {
  console.log(`\n# The computer under attack: ${ATTACK_ROOMS} level-3 games asked from one address (${label})`);
  const server = await startParlor({ port: 0, host: '127.0.0.1', redisUrl: undefined, publicAddress: undefined, clientDir: '', trustProxy: 1, rateLimits: liftMatchmake ? { matchmake: { points: 0, seconds: 10 } } : {}, computerLimits: limits });
  // The database opens after the port (PGlite: ~2 s of WASM start on the main thread): not in the "before" figures.
  await (await fetch(`${server.url.replace(/^ws/, 'http')}/api/leaderboard`)).text();
  const victim = from(server.url, '198.51.100.50');
  const plain = from(server.url, '192.0.2.10');
  await victimAnswers(victim, 5); // warm-up, not recorded
  await plainRoomLatencies(plain);
  const quietAnswers = await victimAnswers(victim, VICTIM_ANSWERS);
  const quietPlain = await plainRoomGames(plain, () => true);

  let done = false;
  const tally = { admitted: 0, refused: 0 };
  const counts = await computerDecisions(server);
  const attackers = attack(server.url, () => done, tally);
  await sleep(3000); // the attack under way
  let answered = false;
  const [busyAnswers, busyPlain] = await Promise.all([
    victimAnswers(victim, VICTIM_ANSWERS).finally(() => (answered = true)),
    plainRoomGames(plain, () => answered),
  ]);
  done = true;
  const left = performance.now();
  // The 2 s after the attack stops (its clients leaving meanwhile): every answer the victim gets.
  const [afterAnswers] = await Promise.all([victimAnswers(victim, 1000, () => performance.now() - left > 2000), attackers]);
  const decided = await computerDecisions(server);
  await server.stop();

  const base = percentile(quietAnswers, 95);
  report('level-1 answer, p50, before', percentile(quietAnswers, 50), 'ms');
  report('level-1 answer, p95, before (baseline)', base, 'ms');
  report('level-1 answer, p50, during', percentile(busyAnswers, 50), 'ms', { name: 'before', value: percentile(quietAnswers, 50) });
  report('level-1 answer, p95, during', percentile(busyAnswers, 95), 'ms', { name: 'baseline', value: base });
  if (afterAnswers.length) report(`level-1 answer, max of ${afterAnswers.length} in the 2 s after`, Math.max(...afterAnswers), 'ms', { name: 'baseline', value: base });
  const plainBase = percentile(quietPlain, 99);
  report('plain room move, p50, before', percentile(quietPlain, 50), 'ms');
  report(`plain room move, p99, before (baseline, ${quietPlain.length} moves)`, plainBase, 'ms');
  report('plain room move, p50, during', percentile(busyPlain, 50), 'ms', { name: 'before', value: percentile(quietPlain, 50) });
  report(`plain room move, p99, during (${busyPlain.length} moves)`, percentile(busyPlain, 99), 'ms', { name: 'baseline', value: plainBase });
  console.log(`(attacker: ${tally.admitted} games admitted, ${tally.refused} refused; computer decisions: ${decided.thought - counts.thought} thought, ${decided.dropped - counts.dropped} dropped, ${decided.on_the_spot - counts.on_the_spot} on the spot)`);
}

/** The computer's decisions so far, by outcome (the server's `parlor_computer_decisions_total`). */
async function computerDecisions(server: RunningParlor): Promise<Record<'thought' | 'dropped' | 'on_the_spot', number>> {
  const counts = { thought: 0, dropped: 0, on_the_spot: 0 };
  const metric = await server.rooms.metrics.registry.getSingleMetric('parlor_computer_decisions_total')?.get();
  for (const { labels, value } of metric?.values ?? []) counts[labels.outcome as keyof typeof counts] = value;
  return counts;
}

export async function benchComputerResponsiveness(): Promise<void> {
  await underAttack('every limit at its default', {}, false);
  await underAttack('the computer\'s caps at their defaults, matchmaking calls not limited', {}, true);
  await underAttack('per-address cap and matchmaking limit lifted: the fair queue and shorter thinking alone', { perAddress: 0, perPlayer: 0 }, true);
}
