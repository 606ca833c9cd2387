/**
 * The Colyseus SDK's automatic reconnection done by hand, for the recovery benchmark: when
 * its connection drops, an SDK client opens a WebSocket straight to the room with its
 * session id and reconnection token (no HTTP reservation, which only a page reload needs),
 * answers JOIN_ROOM and gets the full state.
 *
 * Real clients sit on their own machines; the bench's 2,000 share this one with the server,
 * so they must cost next to nothing or the bench measures itself. The SDK spends ~2 ms of CPU
 * per reconnect and the `ws` client ~0.6 ms; this one speaks the WebSocket protocol over a
 * plain TCP socket (a fixed upgrade request, unmasked server frames read in place, one masked
 * 1-byte frame sent) for about half of that. The server sees an ordinary WebSocket client.
 */
import net from 'node:net';

const JOIN_ROOM = 10;
const ROOM_STATE = 14;
const OPCODE_BINARY = 0x2;
const OPCODE_CLOSE = 0x8;
/** JOIN_ROOM as a client frame: FIN + binary, masked, length 1, mask 0 0 0 0, payload. */
const JOIN_FRAME = Buffer.from([0x82, 0x81, 0, 0, 0, 0, JOIN_ROOM]);

export interface HeldSeat {
  roomId: string;
  sessionId: string;
  /** As the SDK keeps it: `roomId:token`. */
  reconnectionToken: string;
}

export interface Reconnected {
  socket: net.Socket;
  /** Bytes of the full state frame's payload. */
  stateBytes: number;
}

/** The path and query the SDK reconnects with; the server reads only the room id from the path. */
export function reconnectPath(seat: HeldSeat): string {
  const token = seat.reconnectionToken.split(':')[1];
  return `/any/${seat.roomId}?sessionId=${seat.sessionId}&reconnectionToken=${token}&skipHandshake=1`;
}

/** Resolves with the open socket once the full state arrived. */
export function leanReconnect(host: string, port: number, path: string): Promise<Reconnected> {
  const socket = net.connect(port, host);
  socket.setNoDelay(true);
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
      'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
  );
  return new Promise((resolve, reject) => {
    let pending: Buffer = Buffer.alloc(0);
    let upgraded = false;
    const fail = (err: Error) => {
      socket.destroy();
      reject(err);
    };
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      if (!upgraded) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!pending.subarray(0, 12).toString().includes(' 101')) return fail(new Error(pending.subarray(0, 40).toString()));
        upgraded = true;
        pending = pending.subarray(end + 4);
      }
      // Server frames are unmasked; lengths of 126 and 127 carry 2 and 8 more bytes.
      while (pending.length >= 2) {
        let length = pending[1] & 0x7f;
        let offset = 2;
        if (length === 126) [length, offset] = pending.length >= 4 ? [pending.readUInt16BE(2), 4] : [Infinity, 4];
        else if (length === 127) [length, offset] = pending.length >= 10 ? [Number(pending.readBigUInt64BE(2)), 10] : [Infinity, 10];
        if (pending.length < offset + length) return;
        const opcode = pending[0] & 0x0f;
        const payload = pending.subarray(offset, offset + length);
        pending = pending.subarray(offset + length);
        if (opcode === OPCODE_CLOSE) return fail(new Error(`closed ${payload.length >= 2 ? payload.readUInt16BE(0) : ''}`));
        if (opcode !== OPCODE_BINARY) continue;
        if (payload[0] === JOIN_ROOM) socket.write(JOIN_FRAME);
        else if (payload[0] === ROOM_STATE) resolve({ socket, stateBytes: payload.length });
      }
    });
    socket.on('error', fail);
    socket.on('close', () => reject(new Error('closed')));
  });
}
