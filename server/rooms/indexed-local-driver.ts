/**
 * The matchmaking driver of a process without Redis: Colyseus's LocalDriver, plus an index by
 * room id. LocalDriver answers `findOne({ roomId })` — every joinById and reconnection — by
 * filtering the list of all rooms, so a join costs O(rooms): 0.19 ms a join at 1,000 rooms in a
 * join storm's profile (docs/performance.md, "Joins"). RedisDriver already looks the id up.
 */
import { LocalDriver, type IRoomCache, type SortOptions } from '@colyseus/core';

export class IndexedLocalDriver extends LocalDriver {
  private readonly byId = new Map<string, IRoomCache>();

  override findOne(conditions: Partial<IRoomCache>, sortOptions?: SortOptions): Promise<IRoomCache> {
    const keys = Object.keys(conditions);
    if (keys.length === 1 && keys[0] === 'roomId') return Promise.resolve(this.byId.get(conditions.roomId!) as IRoomCache);
    return super.findOne(conditions, sortOptions);
  }

  // The index names the first room of an id in the list, the one LocalDriver's filter finds
  // (a second `persist(room, true)` of an id lists it twice).
  override async insert(room: IRoomCache): Promise<boolean> {
    const added = await super.insert(room);
    if (added && !this.byId.has(room.roomId)) this.byId.set(room.roomId, room);
    return added;
  }

  override persist(room: IRoomCache, create = false): boolean {
    const added = super.persist(room, create);
    if (added && !this.byId.has(room.roomId)) this.byId.set(room.roomId, room);
    return added;
  }

  override remove(roomId: string): boolean {
    const removed = super.remove(roomId);
    if (removed) {
      const next = this.rooms.find((room) => room.roomId === roomId); // linear, as the removal itself is
      if (next) this.byId.set(roomId, next);
      else this.byId.delete(roomId);
    }
    return removed;
  }

  override clear(): void {
    super.clear();
    this.byId.clear();
  }
}
