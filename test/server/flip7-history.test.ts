/**
 * A finished Flip 7 game is kept (server/history/) and served at /api/games/<id>: its record's log,
 * replayed entry by entry (shared/games/flip7/log-table.ts), ends on the final table the rules
 * left; it holds no deck (only cards that were turned face up), and the table's `replayId` points to it.
 */
import type { Room } from '@colyseus/sdk';
import { tablesAlong, type Flip7LogEntry } from '../../shared/games/flip7';
import { quickTableSuite, sdkClient, waitForState } from '../support/server';
import { autoplayFlip7 } from '../support/flip7-autoplay';
import { bankTotals } from '../support/flip7-fixtures';

const suite = quickTableSuite();

it('the finished game is kept with its whole log; replayed, the log ends on the final table', async () => {
  const client = sdkClient(suite.server);
  const host = (await client.create('flip7', { name: 'Ada', bots: 2, maxPlayers: 4 })) as Room<any, any>;
  const guest = (await client.joinById(host.roomId, { name: 'Bo' })) as Room<any, any>;
  [host, guest].forEach(autoplayFlip7);
  await waitForState(host, (s: any) => s.players.size === 4);
  expect(host.state.replayId).toBe('');
  host.send('start', {});
  await waitForState(host, (s: any) => s.phase === 'playing');
  bankTotals(host.roomId, () => 150);
  const end = await waitForState(host, (s: any) => s.phase === 'game_over' && s.replayId !== '', 60000);
  const rows = [...end.players.values()].sort((a: any, b: any) => a.seat - b.seat);

  const res = await fetch(`${suite.server.url.replace(/^ws/, 'http')}/api/games/${end.replayId}`);
  expect(res.status).toBe(200);
  const game = await res.json();
  expect(game).toMatchObject({ id: end.replayId, game: 'flip7', roomId: host.roomId, reason: 'score', winner: [rows.findIndex((r: any) => r.name === end.players.get(end.winner).name)] });
  expect(game.players.map((p: any) => ({ name: p.name, bot: p.bot }))).toEqual(rows.map((r: any) => ({ name: r.name, bot: r.bot })));
  expect(Object.keys(game.record).sort()).toEqual(['final', 'log', 'logBase']);
  expect(JSON.stringify(game.record)).not.toMatch(/"deck"|"salt"|"order"/);
  const log: Flip7LogEntry[] = game.record.log;
  expect(game.record.logBase).toBe(0);
  expect(log[0]).toEqual({ kind: 'round', round: 1, seat: 0 });
  expect(log.at(-1)).toMatchObject({ kind: 'game_over', seat: game.winner[0] });

  // Replayed, the log draws the final table: every card in front, every status and total.
  const last = tablesAlong(rows.length, log).at(-1)!;
  expect(last.players).toEqual(game.record.final.players);
  expect(last.players.map((p) => p.total)).toEqual(rows.map((r: any) => r.total));
  // The synced log is the end of the kept one.
  expect([...end.log].map((e: any) => e.kind)).toEqual(log.slice(-end.log.length).map((e) => e.kind));
  await Promise.all([host.leave(), guest.leave()]);
}, 90000);
