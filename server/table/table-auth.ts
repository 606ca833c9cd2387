/**
 * A table's checks at matchmaking, before a room is made or a seat reserved (Colyseus calls the
 * static onAuth unbound): bad options, the game's config, the account the join's tokens prove,
 * a name another player holds, the game's own screen and the address's room budget. What they
 * find goes on with the options to onCreate and onJoin as server-only options.
 */
import * as v from 'valibot';
import { isRejected, type AnyGame, type ConfigOf } from '../../shared/core/game';
import type { RoomServices, Services } from '../services';
import { ParlorRoom } from './parlor-room';
import { invalidOption, parseClientOptions, PLAYER_OPTION, type seatOptions } from '../guards/join-options';
import type { ServerGame, TableSchema } from './server-game';
import { rateKey } from '../guards/client-address';
import type { AccountStore } from '../accounts/account-store';
import { checkedPlayer, playerSchema, type CheckedPlayer } from '../accounts/room-token';
import { ADDRESS_OPTION, matchmakeAddress, type RoomBudget } from '../guards/room-budget';

/** The static onAuth of a game's table: refuses (throws) what must not make a room or reserve a seat. */
export async function authorizeJoin<G extends AnyGame, S extends TableSchema>(
  game: ServerGame<G, S>,
  entries: v.ObjectEntries,
  accounts: AccountStore,
  services: Services,
  rooms: RoomServices,
  token: string,
  options: unknown,
): Promise<true> {
  // The entries hold the seat options (`seatOptions`), the game's own beside them.
  const parsed = parseClientOptions(entries, options) as Record<string, unknown> & v.InferOutput<v.ObjectSchema<typeof seatOptions, undefined>>;
  const config = configOf(game.definition, parsed);
  if (game.whenFull === 'watch') ParlorRoom.markOpen(options, parsed.spectate);
  const player = await carryPlayer(accounts, options, [(parsed as { account?: unknown }).account, token]);
  // A name another player holds (compared by its confusable skeleton) is theirs alone, at a casual table too.
  const nameProblem = await accounts.casualNameProblem(parsed.name, player?.id ?? null);
  if (nameProblem) throw invalidOption(`${nameProblem.code}: ${nameProblem.message}`);
  const address = matchmakeAddress();
  if (game.screen && address && !parsed.spectate) game.screen(config, { address: rateKey(address), player: player?.id ?? null }, services);
  await carryAddress(rooms.budget, options, address);
  return true;
}

/**
 * A matchmaking call's address (the gate's, room-budget.ts) goes with the options to onCreate and
 * onJoin, as a server-only option; an address that holds its most rooms already is refused here,
 * before a room is made or a seat reserved.
 */
async function carryAddress(budget: RoomBudget, options: unknown, address: string | undefined): Promise<void> {
  if (!address || typeof options !== 'object' || options === null) return;
  const refused = await budget.checkHeld(address);
  if (refused) throw refused;
  (options as Record<string, unknown>)[ADDRESS_OPTION] = address;
}

/**
 * The account the join's tokens prove (Monty Hall's `account` option, then the SDK's token) goes
 * with the options to onCreate and onJoin as the server-only `player`, so the room never reads a
 * token again (nor needs the one the SDK puts in the WebSocket URL). A token that does not hold
 * (signed out everywhere, a changed password, a deleted account, expired, forged) refuses the
 * join here, before a room is made or a seat reserved: nothing of that account is read or written.
 */
async function carryPlayer(accounts: AccountStore, options: unknown, tokens: unknown[]): Promise<CheckedPlayer | null> {
  const player = await checkedPlayer(accounts, tokens);
  if (player && typeof options === 'object' && options !== null) (options as Record<string, unknown>)[PLAYER_OPTION] = player;
  return player;
}

/** The checked account a join carried (carryPlayer), null for none. */
export function playerOption(value: unknown): CheckedPlayer | null {
  const parsed = v.safeParse(playerSchema, value);
  return parsed.success ? parsed.output : null;
}

export const addressOption = (value: unknown): string | undefined => (typeof value === 'string' && value.length <= 64 ? value : undefined);

/** A game's config from parsed options; a refusal is a join error, as a bad option is. */
export function configOf<G extends AnyGame>(definition: G, options: Record<string, unknown>): ConfigOf<G> {
  const config = definition.config(options);
  if (isRejected(config)) throw invalidOption(config.message);
  return config as ConfigOf<G>;
}
