/**
 * cutOff over real sockets, without Colyseus: a `ws` server and a raw TCP client that writes a
 * flood of frames in one write. Once cut off, the server's WebSocket delivers nothing more
 * (not the rest of the chunk being parsed, not what the socket read later), the client gets
 * the close frame and its code, and the server's socket is closed without waiting for the
 * client's answer.
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { cutOff } from '../../../server/guards/socket-cutoff';

const FRAMES = 20_000;
const CUT_AT = 10;

/** A masked binary client frame of 8 payload bytes (a zero mask leaves them as they are). */
const FRAME = Buffer.from([0x82, 0x88, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8]);

let server: WebSocketServer;
beforeAll(() => new Promise<void>((resolve) => (server = new WebSocketServer({ port: 0, host: '127.0.0.1' }, resolve))));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw WebSocket client: the upgrade, then whatever the caller writes; collects what the server sends after the upgrade. */
async function rawClient(): Promise<{ socket: Socket; received: () => Buffer }> {
  const { port } = server.address() as AddressInfo;
  const socket = connect(port, '127.0.0.1');
  let data = Buffer.alloc(0);
  socket.on('data', (chunk) => (data = Buffer.concat([data, chunk])));
  socket.on('error', () => undefined); // the server's destroy may reset the connection
  socket.write(`GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  await new Promise<void>((resolve) => socket.on('data', function upgraded() {
    if (!data.includes('\r\n\r\n')) return;
    socket.off('data', upgraded);
    resolve();
  }));
  const headerEnd = () => data.indexOf('\r\n\r\n') + 4;
  return { socket, received: () => data.subarray(headerEnd()) };
}

it(`delivers nothing after the cut from ${FRAMES} frames written at once, sends the close frame, and closes the socket`, async () => {
  const serverSide = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
  const client = await rawClient();
  const ws = await serverSide;
  let delivered = 0;
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  ws.on('message', () => {
    delivered += 1;
    if (delivered === CUT_AT) cutOff(ws, () => ws.close(4002, 'rate_limited'));
  });
  // Counts what the WebSocket delivers whoever listens (cutOff removes the listeners).
  let emitted = 0;
  const emit = ws.emit;
  ws.emit = function (event: string | symbol, ...args: unknown[]) {
    if (event === 'message') emitted += 1;
    return emit.call(this, event, ...args);
  };

  const clientClosed = new Promise<void>((resolve) => client.socket.once('close', () => resolve()));
  client.socket.write(Buffer.concat(Array.from({ length: FRAMES }, () => FRAME)));
  await closed;
  await clientClosed; // the server ended the connection: the client never sent its own close frame
  expect(delivered).toBe(CUT_AT);
  expect(emitted).toBe(CUT_AT);
  // The close frame (opcode 8, code 4002) reached the client before the socket went.
  const bytes = client.received();
  const close = bytes.indexOf(Buffer.from([0x88]));
  expect(close).toBeGreaterThanOrEqual(0);
  expect(bytes.readUInt16BE(close + 2)).toBe(4002);
});
