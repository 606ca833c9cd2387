/**
 * True views after a server restart. When the SDK reconnects by itself, it decodes the room's
 * full state onto the objects it decoded before (`decodeResync`), matching them by the ids the
 * server numbered them with. A room restored in another process (a crash, a deploy) numbers its
 * objects anew, so those ids name other objects there: a Flip 7 log entry decoded onto an old
 * commitment, totals left at 0 (docs/upstream-resync-after-restore.md). A fresh decoder has no
 * old objects to confuse: after every reconnection the first full state is decoded into a new
 * state tree, which then replaces the old one in one step (no moment with an empty state).
 *
 * Views must read `room.state` when they draw (every Parlor view does, from `onStateChange`):
 * objects kept from before a reconnection, and `getStateCallbacks` listeners, belong to the old
 * tree. Works with the Node SDK as with the browser's; the README's SDK recipe uses it too.
 */
import type { Room } from '@colyseus/sdk';

/** The parts of the SDK's schema serializer this touches (public fields of `SchemaSerializer`). */
interface SchemaSerializerLike {
  state: object;
  decoder: { context: unknown; setState(root: object): void; decode(bytes: Uint8Array, it?: { offset: number }): unknown; constructor: new (root: object, context: unknown) => SchemaSerializerLike['decoder'] };
  setState(bytes: Uint8Array, it?: { offset: number }): void;
}

/** A new, empty instance of the state's class, as the decoder itself makes instances. */
function emptyLike(state: object): object {
  const type = state.constructor as { new (): object; initializeForDecoder?: () => object };
  return type.initializeForDecoder?.() ?? new type();
}

/**
 * Makes `room` decode the full state afresh after each reconnection. Call it once, right after
 * joining (before the first drop). Returns `room` for chaining.
 */
export function decodeAfreshOnReconnect<R extends Room>(room: R): R {
  room.onReconnect(() => {
    const serializer = room.serializer as unknown as SchemaSerializerLike | undefined;
    if (!serializer?.decoder || !serializer.state) return;
    // The SDK's own setState (on the prototype) is used again after this one full state.
    serializer.setState = (bytes, it) => {
      delete (serializer as Partial<SchemaSerializerLike>).setState;
      const state = emptyLike(serializer.state);
      // The same type context: the server's schema types are the same in every process.
      const decoder = new serializer.decoder.constructor(state, serializer.decoder.context);
      decoder.decode(bytes, it);
      serializer.state = state;
      serializer.decoder = decoder;
    };
  });
  return room;
}
