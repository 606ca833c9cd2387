/**
 * A Gomoku room's move list on the client. The synced state carries only the last stone and the
 * count (server/games/gomoku/schema.ts); this keeps the whole list from those and the room's
 * answers to `moves`, which it asks for itself (on join, after a reconnect or a gap). Used by the
 * browser's view and, through the same SDK, by the tests and the load bench's clients.
 */
import type { Room } from '@colyseus/sdk';
import { MoveTrail, type MovesAnswer, type MovesSynced } from '../../../../shared/games/gomoku/move-trail';

/** How long an unanswered question waits before it is asked again (the room refills a refused asker's bucket in 0.5 s). */
const RETRY_MS = 3000;

export interface RoomMoves {
  /** The stones in placement order (cells y*15+x), brought up to the synced state first. */
  current(): readonly number[];
  /** Whether `current()` is the whole list the synced state counts (false while it is asked for). */
  complete(): boolean;
}

/**
 * Follows `room`'s move list from now on; `answered` runs when an answer filled the list in.
 * Reading `current()` while drawing is enough to follow the patches: the trail is brought up to
 * the state being drawn, whatever order the state's listeners run in.
 */
export function followMoves(room: Room<any, any>, answered: () => void = () => undefined): RoomMoves {
  const trail = new MoveTrail();
  const synced = (): MovesSynced | null => {
    const s = room.state as Partial<MovesSynced> | undefined;
    return typeof s?.moveCount === 'number' && typeof s.startedAt === 'number' && typeof s.lastMove === 'number' ? (s as MovesSynced) : null;
  };
  let retry: ReturnType<typeof setTimeout> | undefined;
  const ask = (next: 'ok' | 'ask') => {
    if (next !== 'ask') return;
    room.send('moves');
    // A question can be refused (`rate_limited`: many clients of one address in one room) or lost with its
    // connection: asked afresh until the list is whole.
    clearTimeout(retry);
    retry = setTimeout(() => {
      if (trail.complete) return;
      trail.reset();
      follow();
    }, RETRY_MS);
  };
  const follow = () => {
    const s = synced();
    if (s) ask(trail.follow(s));
  };
  room.onStateChange(follow);
  room.onMessage('moves', (answer: MovesAnswer) => {
    const s = synced();
    if (!s) return;
    ask(trail.answered(answer, s));
    answered();
  });
  // A new connection may reach a restored room, which names games the same way: the list is asked for afresh.
  room.onReconnect(() => trail.reset());
  room.onLeave(() => clearTimeout(retry));
  follow();
  return {
    current: () => {
      follow();
      return trail.moves;
    },
    complete: () => {
      follow();
      return trail.complete;
    },
  };
}
