/**
 * Colyseus 0.18's reconnection path reads `WebSocket.OPEN` from the global scope, which
 * Node 20 does not have (STACK.md fact 2). Node 22+ has it; on 20 we install `ws`'s.
 */
import WebSocket from 'ws';

if (typeof (globalThis as { WebSocket?: unknown }).WebSocket === 'undefined') {
  (globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;
}
