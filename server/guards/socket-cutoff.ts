/**
 * Cutting a connection off for good: nothing more it sent is parsed, and its socket is closed
 * as soon as the close frame has gone out.
 *
 * Why this reaches into `ws` (8.x) internals: `ws` parses a whole chunk of input (libuv reads up
 * to 64 KiB at a time, ~4,000 small frames) in one synchronous loop, and resumes a paused socket
 * itself whenever its parser drains unless paused through ws. Removing the 'message' listeners and pausing the socket
 * therefore still parsed every frame of the chunk being read and the next chunks too (a one-burst
 * flood of 20,000 frames: ~5,700 frames parsed, 128 KiB read, after the limit), all on the event
 * loop every other room shares, and the socket lived until a 1 s timer ended it.
 */
import type { Socket } from 'node:net';

/** The parts of a `ws` WebSocket (server side) this uses; private fields of ws 8.x. */
interface WsInternals {
  removeAllListeners(event: string): unknown;
  pause(): void;
  terminate(): void;
  _socket?: Socket;
  _receiver?: {
    _buffers: Buffer[];
    _bufferedBytes: number;
    _write(chunk: Buffer, encoding: string, done: () => void): void;
  };
}

/** The socket is destroyed after this at the latest, even if the close frame cannot be flushed (a peer that does not read). */
export const CUTOFF_GRACE_MS = 1000;

/**
 * Stops reading `ws` at once and drops what it buffered unparsed; then `close` (which sends the
 * close frame, e.g. Colyseus's `client.leave`) runs, and the socket is destroyed as soon as that
 * frame is handed to the kernel. Call it from inside a 'message' listener or anywhere else.
 */
export function cutOff(websocket: unknown, close: () => void): void {
  const ws = websocket as WsInternals;
  ws.removeAllListeners('message');
  const socket = ws._socket;
  const receiver = ws._receiver;
  if (receiver) {
    // The frames after the current one in the chunk being parsed: the parse loop ends when it finds no bytes left.
    receiver._buffers.length = 0;
    receiver._bufferedBytes = 0;
    // What the socket hands over later (ws writes a paused socket's buffered input to the parser as it closes) is dropped unparsed.
    receiver._write = (_chunk, _encoding, done) => done();
  }
  // ws's pause, not the socket's: ws resumes a paused socket when its parser drains unless it paused it itself.
  ws.pause();
  close();
  if (!socket) return void ws.terminate();
  // end() flushes the close frame, then sends FIN; destroying the socket then frees it without
  // waiting for the peer's answer (which is never read).
  const timer = setTimeout(() => socket.destroy(), CUTOFF_GRACE_MS).unref();
  socket.once('close', () => clearTimeout(timer));
  socket.end(() => socket.destroy());
}
