/**
 * Flood control per connection: a token bucket per client (bursts of 60, refilled at 20 a
 * second by default). Legitimate play never comes near it: a player sends a few messages a
 * second at most. A message over the limit is dropped, and the first drop of a streak answers
 * one `error {code: "rate_limited"}`; a client that has 100 messages dropped within 10 s is
 * disconnected (close code 4002).
 *
 * It sits in front of Colyseus's frame handler (`_onMessage`), so every data frame counts —
 * unknown types and payloads that fail to decode included — and a dropped frame costs no
 * decoding. The check is synchronous on purpose: the rate-limiter-flexible library used for
 * the HTTP routes answers with a promise, which would delay every frame by a turn of the
 * event loop and let a later LEAVE frame overtake the messages before it.
 */
import { CloseCode, type Client, type Room } from '@colyseus/core';
import type { ParlorMetrics } from '../metrics';
import type { FloodLimits } from '../limits';
import { roomLog } from '../log';
import { sendError } from './errors';
import { cutOff } from './socket-cutoff';


/** Protocol codes of frames a client sends with data (ROOM_DATA, ROOM_DATA_BYTES, INPUT, ROOM_REQUEST). */
const DATA_FRAMES = new Set([13, 17, 19, 20, 21]);
const PROTOCOL_CODE_MASK = 0x1f;

interface Bucket {
  tokens: number;
  at: number;
  /** Drops in the current window, and when that window began. */
  dropped: number;
  windowStart: number;
  /** The last frame was dropped (the `rate_limited` error of this streak went out). */
  dropping: boolean;
  kicked: boolean;
}

export type Verdict = 'admit' | 'drop' | 'drop_and_tell' | 'disconnect';

/** One bucket per session; pure bookkeeping, so it is tested without sockets. */
export class FloodControl {
  /** Made at the first frame: a room's queries that nobody asks keep none (~0.2 KB a room each). */
  private buckets?: Map<string, Bucket>;

  constructor(private readonly limits: FloodLimits) {}

  verdict(sessionId: string, now: number): Verdict {
    const buckets = (this.buckets ??= new Map());
    let b = buckets.get(sessionId);
    const { burst, perSecond, disconnectAfter, windowMs } = this.limits;
    if (!b) buckets.set(sessionId, (b = { tokens: burst, at: now, dropped: 0, windowStart: now, dropping: false, kicked: false }));
    if (b.kicked) return 'drop';
    b.tokens = Math.min(burst, b.tokens + ((now - b.at) * perSecond) / 1000);
    b.at = now;
    if (b.tokens >= 1) {
      b.tokens -= 1;
      b.dropping = false;
      return 'admit';
    }
    if (now - b.windowStart > windowMs) Object.assign(b, { dropped: 0, windowStart: now });
    b.dropped += 1;
    if (b.dropped >= disconnectAfter) {
      b.kicked = true;
      return 'disconnect';
    }
    if (b.dropping) return 'drop';
    b.dropping = true;
    return 'drop_and_tell';
  }

  /** A session that left for good: its bucket goes (a drop keeps it, so a reconnect gets no fresh burst). */
  forget(sessionId: string): void {
    this.buckets?.delete(sessionId);
  }
}

type FrameHandler = (client: Client, buffer: Buffer) => void;

/**
 * Puts flood control in front of a room's frame handler. Call it when the room is made (its
 * constructor): Colyseus binds the handler to each client as it joins.
 */
export function guardFrames(room: Room, { flood: limits, metrics }: { flood: FloodLimits; metrics: ParlorMetrics }): FloodControl {
  const flood = new FloodControl(limits);
  const target = room as unknown as { _onMessage: FrameHandler };
  const handleFrame = target._onMessage;
  target._onMessage = function (this: Room, client: Client, buffer: Buffer) {
    if (buffer && DATA_FRAMES.has(buffer[0] & PROTOCOL_CODE_MASK)) {
      const verdict = flood.verdict(client.sessionId, Date.now());
      if (verdict !== 'admit') return refuse(room, client, verdict, limits, metrics);
    }
    return handleFrame.call(this, client, buffer);
  };
  return flood;
}

function refuse(room: Room, client: Client, verdict: Exclude<Verdict, 'admit'>, limits: FloodLimits, metrics: ParlorMetrics): void {
  const game = room.roomName;
  if (verdict !== 'disconnect') metrics.rateLimited(game, 'dropped');
  if (verdict === 'drop') return;
  if (verdict === 'drop_and_tell') {
    metrics.rejection(game, 'rate_limited');
    return sendError(client, 'rate_limited', `too many messages: at most ${limits.perSecond} a second (bursts of ${limits.burst})`);
  }
  metrics.rateLimited(game, 'disconnected');
  roomLog(game, room.roomId).warn({ sessionId: client.sessionId }, 'client disconnected for flooding');
  // Nothing more this socket sent is parsed or dispatched, and it is not read any more: a flood
  // already read or in the kernel's buffers would otherwise still be parsed, frame by frame, on
  // the event loop every other room shares. The close frame goes out; the socket is destroyed
  // once it has (its own close frame is never read), which runs the drop path.
  cutOff(client.ref, () => client.leave(CloseCode.WITH_ERROR, 'rate_limited'));
}
