/**
 * The class Colyseus instantiates for one game (app.ts defines one per registered game): the
 * table with the game and the services bound, on the class's prototype.
 */
import type { AnyGame } from '../../shared/core/game';
import { AccountStore } from '../accounts/account-store';
import { seatOptions } from '../guards/join-options';
import type { RoomServices, Services } from '../services';
import type { ServerGame, TableSchema } from './server-game';
import { authorizeJoin } from './table-auth';
import { TableRoom } from './table-room';

/** The class Colyseus instantiates for one game: the table with the game and the services bound. */
export function tableRoom<G extends AnyGame, S extends TableSchema>(game: ServerGame<G, S>, services: Services, rooms: RoomServices) {
  const entries = { ...seatOptions, ...game.definition.options };
  const accounts = new AccountStore(services.db, services.tokens);
  // What every room of the game shares is on the class's prototype (getters), not a field of each room.
  return class extends TableRoom<G, S> {
    get serverGame() { return game; }
    get services() { return services; }
    get rooms() { return rooms; }
    protected get accounts() { return accounts; }
    get entries() { return entries; }
    /** Runs before a seat is reserved (unbound: Colyseus calls it before it creates a room): bad options are refused here. */
    static override onAuth(token: string, options: unknown, _context?: unknown): Promise<unknown> {
      return authorizeJoin(game, entries, accounts, services, rooms, token, options);
    }
  };
}
