/** Seeded self-play (seed §7): the AI plays both sides (X first), learning after every game. */
import type { Random } from '../../core/rng';
import { chooseMove, gameUpdates } from './ai';
import { applyMove, newGame, type Status } from './engine';

export interface SelfPlayTally {
  games: number;
  winX: number;
  winO: number;
  draws: number;
}

/** Plays `games` games against the table `q` (updated in place); reports after each `every` games. */
export function selfPlay(q: Map<string, number>, games: number, rng: Random, every = 0, report?: (t: SelfPlayTally) => void): SelfPlayTally {
  const tally: SelfPlayTally = { games: 0, winX: 0, winO: 0, draws: 0 };
  for (let g = 0; g < games; g++) {
    let state = newGame();
    while (state.status === 'InProgress') {
      const move = chooseMove(state, (k) => q.get(k), rng)!;
      const next = applyMove(state, move);
      if (!next.ok) throw new Error(`self-play made an illegal move: ${next.code}`);
      state = next.state;
    }
    for (const [k, v] of gameUpdates(state, (k) => q.get(k))) q.set(k, v);
    tally.games++;
    const key: Record<Exclude<Status, 'InProgress'>, keyof SelfPlayTally> = { WinX: 'winX', WinO: 'winO', Draw: 'draws' };
    tally[key[state.status as Exclude<Status, 'InProgress'>]]++;
    if (report && every > 0 && tally.games % every === 0) report({ ...tally });
  }
  return tally;
}
