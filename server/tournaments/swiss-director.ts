/**
 * A Swiss event's director, run by the `tournament` room's wave while it holds the event's lease.
 * Rounds start together: round 1 at the event's start, each later round once every game of the
 * round before has ended and at least SWISS_ROUND_PAUSE_MS after the last one did. At a round's
 * start the players connected to the room, and those who played their game of the round before,
 * are paired (shared/tournament/swiss-pairing.ts, a cryptographic coin for equal opening
 * histories); any other joined player is absent: the round scores 0 and, at the second absence,
 * they are withdrawn
 * (swiss-attendance.ts), so an idle player never stalls a round. Rooms are opened first, then
 * the whole round (games, bye, absences) is written in one transaction (swiss-store.ts), and only
 * then are the players told. A game not begun in time is decided by forfeit (swiss-seats.ts). After the last round, or when a round cannot be paired, the event
 * is finished.
 */
import { randomInt } from 'node:crypto';
import { recordRoundStart } from '../../shared/tournament/swiss-attendance';
import { pairSwissRound } from '../../shared/tournament/swiss-pairing';
import { log } from '../log';
import type { RankedStore } from '../stores/ranked-store';
import type { Timings } from '../timings';
import type { SwissRecordRows } from './swiss-store';
import { decideNoShows } from './swiss-seats';
import { swissView, type SwissView } from './swiss-table';
import { openTournamentGame, reserveTournamentSeats, type OpenedGame } from './tournament-game';
import type { Tournament, TournamentGame, TournamentPlayer, TournamentStatus, TournamentStore } from './tournament-store';

export interface SwissDirector {
  store: TournamentStore;
  ranked: RankedStore;
  /** This room's name for the lease. */
  directorId: string;
  /** Players connected to the director's room now. */
  present(): Set<string>;
  /** A connected player's address and a way to send them `paired`, or null. */
  reach(playerId: string): { address?: string; send: (type: string, message: unknown) => void } | null;
  /** Games seen begun (both players sat down): not looked into again. */
  begun: Set<string>;
  /**
   * Before this (ms) the room has just opened — perhaps for a director whose process died, its
   * players still finding their way back — so it starts no round and judges no absence yet.
   */
  settledAt: number;
  /** The server's timings (the pause between rounds, the no-show grace). */
  timings: Pick<Timings, 'swissRoundPauseMs' | 'swissNoShowMs'>;
}

export interface SwissSnapshot {
  players: TournamentPlayer[];
  games: TournamentGame[];
  rows: SwissRecordRows;
  view: SwissView;
}

export interface SwissWave extends SwissSnapshot {
  status: TournamentStatus;
  /** When the next round may start (ms), 0 while the round's games are played or after the last. */
  nextRoundAt: number;
}

/** The event's rows and what they add up to. */
export async function loadSwiss(store: TournamentStore, event: Tournament): Promise<SwissSnapshot | null> {
  const [players, games, rows] = await Promise.all([store.players(event.id), store.games(event.id), store.swiss.records(event.id)]);
  return rows ? { players, games, rows, view: swissView(players, games, rows) } : null;
}

/** When the round after the current one may start: 0 while a game of the current round is played. */
function nextRoundAt(event: Tournament, snap: SwissSnapshot, pauseMs: number): number {
  const { round, roundStartedAt } = snap.rows.progress;
  if (round === 0) return event.startsAt;
  const current = snap.view.pairings[round - 1]?.games ?? [];
  if (current.some((g) => g.endedAt === null)) return 0;
  return Math.max(roundStartedAt, ...current.map((g) => g.endedAt!)) + pauseMs;
}

/** One wave: read the event, and when this director may and the time has come, start the next round or finish. */
export async function swissWave(d: SwissDirector, event: Tournament, directing: boolean, now: number): Promise<SwissWave | null> {
  let snap = await loadSwiss(d.store, event);
  if (!snap) return null;
  let status = event.status;
  const progress = snap.rows.progress;
  const nextOf = (s: SwissSnapshot) => (status === 'finished' || progress.round >= progress.rounds ? 0 : nextRoundAt(event, s, d.timings.swissRoundPauseMs));
  const acting = directing && status === 'running' && now >= d.settledAt;
  if (acting && (await decideNoShows(snap, d, now))) snap = (await loadSwiss(d.store, event))!;
  let next = nextOf(snap);
  if (acting) {
    const roundOver = progress.round === 0 || (snap.view.pairings[progress.round - 1]?.games ?? []).every((g) => g.endedAt !== null);
    if (roundOver && progress.round >= progress.rounds) status = await finish(d, event, 'the last round is over');
    else if (roundOver && now >= next) {
      const started = await startRound(d, event, snap, progress.round + 1, now);
      if (started === 'unpairable') status = await finish(d, event, 'the round cannot be paired');
      else if (started === 'started') {
        snap = (await loadSwiss(d.store, event))!;
        next = 0;
      }
    }
  }
  if (status === 'finished') next = 0;
  return { ...snap, status, nextRoundAt: next };
}

async function finish(d: SwissDirector, event: Tournament, why: string): Promise<TournamentStatus> {
  await d.store.advance(event.id, 'finished');
  log.info({ tournamentId: event.id }, `swiss event finished: ${why}`);
  return 'finished';
}

/** Pairs and writes round `round`; the players hear of it only once it is written. */
async function startRound(d: SwissDirector, event: Tournament, snap: SwissSnapshot, round: number, now: number): Promise<'started' | 'unpairable' | 'lost'> {
  const here = d.present();
  // A player who played their game of the last round (moved in it) is present too: they are likely
  // still at that game's table, and their page takes them to this round's game when they return.
  for (const g of snap.view.pairings[round - 2]?.games ?? []) {
    if (g.openerMoves > 0) here.add(g.opener);
    if (g.followerMoves > 0) here.add(g.follower);
  }
  const active = snap.players.filter((p) => !p.withdrawn);
  const playing = active.filter((p) => here.has(p.playerId));
  const absent = snap.players.filter((p) => !playing.includes(p)).map((p) => {
    const before = { missedStarts: snap.rows.extras.get(p.playerId)?.missedStarts ?? 0, withdrawn: p.withdrawn };
    // A withdrawn player's round is an absence too, but not a missed start.
    const after = recordRoundStart(before, false);
    return { playerId: p.playerId, missedStarts: after.missedStarts, withdrawn: after.withdrawn };
  });
  const paired = pairSwissRound(playing.map((p) => snap.view.pairing.get(p.playerId)!), () => randomInt(2) === 1);
  if (!paired.ok) {
    log.warn({ tournamentId: event.id, round, code: paired.code, players: playing.length }, 'swiss round not paired');
    return 'unpairable';
  }
  const names = new Map(snap.players.map((p) => [p.playerId, p.name]));
  const opened: OpenedGame[] = [];
  for (const pair of paired.round.pairs) {
    const game = await openTournamentGame(d.ranked, event, pair, names);
    // An account gone since it joined: the round cannot be played as paired.
    if (!game) return 'unpairable';
    opened.push(game);
  }
  const written = await d.store.swiss.startRound({
    tournamentId: event.id, director: d.directorId, round, now,
    games: opened.map((g) => ({ id: g.ranked.matchId, roomId: g.room.roomId, opener: g.ranked.players[0].playerId, follower: g.ranked.players[1].playerId, openerKey: g.keys[1], followerKey: g.keys[2] })),
    bye: paired.round.bye, absent, floatedDown: [...paired.round.floatedDown],
  });
  if (!written) {
    // Another director started it (or this one lost its lease): these rooms are never told to anyone.
    log.warn({ tournamentId: event.id, round }, 'swiss round already started elsewhere');
    return 'lost';
  }
  for (const game of opened) {
    await reserveTournamentSeats(game, (playerId) => {
      const to = d.reach(playerId);
      return to && { address: to.address, send: (reservation) => to.send('paired', { roomId: game.room.roomId, matchId: game.ranked.matchId, reservation, round }) };
    }).catch((err: unknown) => log.error({ err, tournamentId: event.id }, 'swiss seat reservation failed'));
  }
  return 'started';
}
