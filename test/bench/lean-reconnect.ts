/**
 * The Colyseus reconnection handshake done by hand (HTTP seat reservation, WebSocket, JOIN_ROOM,
 * then the full state), for the recovery benchmark: the SDK spends about 2 ms of CPU per
 * reconnect, so 2,000 SDK clients in one process measure the bench's own CPU, not the server.
 * This client does the same exchanges with next to no work of its own.
 */
import http from 'node:http';
import WebSocket from 'ws';

const JOIN_ROOM = 10;
const ROOM_STATE = 14;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function post(url: string, body: unknown): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

/** Reconnects with an SDK token (`roomId:token`); resolves with the open socket once the full state arrived. */
export async function leanReconnect(host: string, sdkToken: string): Promise<WebSocket> {
  const [roomId, token] = sdkToken.split(':');
  const { status, json } = await post(`http://${host}/matchmake/reconnect/${roomId}`, { reconnectionToken: token });
  if (status !== 200) throw new Error(`reconnect refused (${status}): ${JSON.stringify(json)}`);
  const ws = new WebSocket(`ws://${host}/${json.processId}/${roomId}?sessionId=${json.sessionId}&reconnectionToken=${token}&skipHandshake=1`);
  return new Promise((resolve, reject) => {
    ws.on('message', (data: Buffer) => {
      if (data[0] === JOIN_ROOM) ws.send(Buffer.from([JOIN_ROOM]));
      else if (data[0] === ROOM_STATE) resolve(ws);
    });
    ws.on('close', (code) => reject(new Error(`closed ${code}`)));
    ws.on('error', reject);
  });
}
