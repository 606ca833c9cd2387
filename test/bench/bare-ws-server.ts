/**
 * The recovery benchmark's baseline: a bare `ws` server on Node's HTTP server (what Colyseus's
 * transport is built on) doing the reconnection exchange and nothing else — JOIN_ROOM on
 * connect, a full state of the same size on the client's answer. Its figures are the floor
 * this machine sets for any server on this stack. Usage: node bare-ws-server.js PORT STATE_BYTES
 */
import http from 'node:http';
import { WebSocketServer } from 'ws';

const [port, stateBytes] = process.argv.slice(2).map(Number);
const JOIN_ROOM = Buffer.alloc(32, 1);
JOIN_ROOM[0] = 10;
const ROOM_STATE = Buffer.alloc(stateBytes, 1);
ROOM_STATE[0] = 14;

const server = http.createServer();
new WebSocketServer({ server, maxPayload: 4096 }).on('connection', (ws) => {
  ws.send(JOIN_ROOM);
  ws.on('message', () => ws.send(ROOM_STATE));
});
server.listen(port, '127.0.0.1', 4096, () => console.log('listening'));
