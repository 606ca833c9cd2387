/** Plays a human seat of a real `flip7` room over the SDK: hit while the hand is small, then stay; targets go to the first rival. */
import type { Room } from '@colyseus/sdk';

export interface Autoplay {
  /** Stops acting: the table waits at this seat's next turn (its clock still runs). */
  pause(): void;
  /** Acts again, at once if it is this seat's turn. */
  resume(): void;
}

/** The target a seat picks when the table asks it for one (the first rival listed, else itself), or null when none is asked. */
export function pendingTarget(state: any, sessionId: string): string | null {
  const targets: string[] = [...(state?.pending?.targets ?? [])];
  return targets.length > 0 ? targets.find((t) => t !== sessionId) ?? targets[0] : null;
}

export function autoplayFlip7(room: Room<any, any>): Autoplay {
  let paused = false;
  room.onMessage('error', () => undefined);
  room.onMessage('seat_token', () => undefined);
  const move = (s: any) => {
    if (paused || !s || s.toAct !== room.sessionId || s.phase !== 'playing') return;
    const target = pendingTarget(s, room.sessionId);
    if (target !== null) room.send('target', { sessionId: target });
    else room.send(s.players.get(room.sessionId).cards.length < 2 ? 'hit' : 'stay', {});
  };
  room.onStateChange(move);
  move(room.state);
  return {
    pause: () => (paused = true),
    resume: () => {
      paused = false;
      move(room.state);
    },
  };
}
