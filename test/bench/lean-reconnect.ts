/**
 * The Colyseus SDK's automatic reconnection done by hand, for the recovery benchmark: when
 * its connection drops, an SDK client opens a WebSocket straight to the room with its
 * session id and reconnection token (no HTTP reservation, which only a page reload needs),
 * answers JOIN_ROOM and gets the full state. The SDK spends about 2 ms of CPU per
 * reconnect, so 2,000 SDK clients in one process would measure the bench's own CPU, not
 * the server; this client does the same exchanges with next to no work of its own.
 */
import WebSocket from 'ws';

const JOIN_ROOM = 10;
const ROOM_STATE = 14;

export interface HeldSeat {
  roomId: string;
  sessionId: string;
  /** As the SDK keeps it: `roomId:token`. */
  reconnectionToken: string;
}

/** Resolves with the open socket once the full state arrived. */
export async function leanReconnect(host: string, seat: HeldSeat): Promise<WebSocket> {
  const token = seat.reconnectionToken.split(':')[1];
  // The SDK reconnects to the URL it first joined; the server reads only the room id from the path.
  const ws = new WebSocket(`ws://${host}/any/${seat.roomId}?sessionId=${seat.sessionId}&reconnectionToken=${token}&skipHandshake=1`);
  return new Promise((resolve, reject) => {
    ws.on('message', (data: Buffer) => {
      if (data[0] === JOIN_ROOM) ws.send(Buffer.from([JOIN_ROOM]));
      else if (data[0] === ROOM_STATE) resolve(ws);
    });
    ws.on('close', (code) => reject(new Error(`closed ${code}`)));
    ws.on('error', reject);
  });
}
