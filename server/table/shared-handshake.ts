/**
 * Colyseus sends each joining client its room's schema types (the serializer's "handshake") and
 * encodes them once per room, at the first join: ~0.3 ms and a throwaway encoder with its buffer,
 * kept for the room's life. The bytes depend only on the state's class (the type context is
 * cached per class), so the rooms of one game share one encoding (docs/performance.md, "Joins").
 * One server's rooms share it (the room services, made at start), never another server's.
 */
import type { Room } from '@colyseus/core';

interface Handshaking {
  handshake?(): Uint8Array;
  /** SchemaSerializer's own cache of `handshake()`. */
  handshakeCache?: Uint8Array;
}

export class SharedHandshakes {
  private readonly byStateClass = new WeakMap<object, Uint8Array>();

  /** Gives a room whose state is set the handshake of its state's class, encoding it for the first room only. */
  share(room: Room): void {
    const serializer = (room as unknown as { _serializer?: Handshaking })._serializer;
    const stateClass = (room.state as object | undefined)?.constructor;
    if (!serializer?.handshake || !stateClass) return;
    const known = this.byStateClass.get(stateClass);
    if (known) serializer.handshakeCache = known;
    else this.byStateClass.set(stateClass, serializer.handshake());
  }
}
