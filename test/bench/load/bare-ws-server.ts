/**
 * The load bench's baseline: a bare `ws` server on Node's HTTP server (what Colyseus's transport
 * is built on) doing the same exchange as Parlor's tables and nothing else — no rules, no state,
 * no Redis. A client creates a room or joins one by id; a two-seat room starts when it is full,
 * a larger one when its host (the creator) sends `start`; an action is relayed to every other
 * client of the room (Gomoku: the opponent; Flip 7: the five others).
 * Usage: node bare-ws-server.js PORT   (prints "listening")
 */
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import type { BareEvent, BareRequest } from './protocol';

interface BareRoom {
  seats: number;
  clients: WebSocket[];
}

const port = Number(process.argv[2]);
const rooms = new Map<string, BareRoom>();
let nextId = 0;

const send = (ws: WebSocket, event: BareEvent) => ws.send(JSON.stringify(event));
const broadcast = (room: BareRoom, event: BareEvent, except?: WebSocket) => {
  const text = JSON.stringify(event);
  for (const c of room.clients) if (c !== except) c.send(text);
};

const server = http.createServer();
new WebSocketServer({ server, maxPayload: 4096 }).on('connection', (ws) => {
  let room: BareRoom | undefined;
  let roomId = '';
  ws.on('message', (data) => {
    let msg: BareRequest;
    try {
      msg = JSON.parse(String(data));
    } catch {
      return send(ws, { t: 'error', message: 'not JSON' });
    }
    if (msg.t === 'act' && room) return broadcast(room, { t: 'acted', n: msg.n, c: msg.c }, ws);
    if (msg.t === 'create' && !room) {
      roomId = (nextId++).toString(36);
      room = { seats: msg.seats, clients: [ws] };
      rooms.set(roomId, room);
      return send(ws, { t: 'room', id: roomId });
    }
    if (msg.t === 'join' && !room) {
      const found = rooms.get(msg.id);
      if (!found || found.clients.length >= found.seats) return send(ws, { t: 'error', message: 'no such room or full' });
      room = found;
      roomId = msg.id;
      room.clients.push(ws);
      send(ws, { t: 'room', id: roomId });
      if (room.seats === 2 && room.clients.length === 2) broadcast(room, { t: 'started' });
      return;
    }
    if (msg.t === 'start' && room && room.clients[0] === ws && room.clients.length === room.seats) return broadcast(room, { t: 'started' });
    send(ws, { t: 'error', message: `unexpected ${msg.t}` });
  });
  ws.on('close', () => {
    if (!room) return;
    room.clients = room.clients.filter((c) => c !== ws);
    if (!room.clients.length) rooms.delete(roomId);
  });
});
server.listen(port, '127.0.0.1', 4096, () => console.log('listening'));
