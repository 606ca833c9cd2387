/**
 * A player: the account's name and age with its Glicko-2 rating and its tally of rated games.
 * Made here when an account is (account-store.ts); ranked play (server/ranked/) rates it.
 */
import { NEW_PLAYER, type Rating } from '../../shared/games/rating/glicko2';

export interface PlayerRecord extends Rating {
  id: string;
  name: string;
  games: number;
  wins: number;
  losses: number;
  draws: number;
  createdAt: number;
  /** The address key (guards/client-address.ts rateKey) the account was made from: accounts of one address are not paired in their first week. */
  createdFrom?: string;
}

export function newPlayer(id: string, name: string, now: number, createdFrom?: string): PlayerRecord {
  return { id, name, ...NEW_PLAYER, games: 0, wins: 0, losses: 0, draws: 0, createdAt: now, ...(createdFrom ? { createdFrom } : {}) };
}
