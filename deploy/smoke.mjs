// Plays through the proxy of deploy/nginx.conf: rooms are created through "any process", and
// each room's WebSocket must land on the process that holds it (its /pN/ prefix). Prints what it
// saw and exits non-zero when a game could not be played. Usage: node deploy/smoke.mjs http://host:port
import { Client } from '@colyseus/sdk';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const client = new Client(base);
const until = (check, ms = 5000) => new Promise((resolve, reject) => {
  const end = Date.now() + ms;
  const poll = () => (check() ? resolve() : Date.now() > end ? reject(new Error('timed out')) : setTimeout(poll, 10));
  poll();
});

const seen = new Map();
for (let game = 0; game < 9; game++) {
  const black = await client.create('gomoku', { name: `A${game}`, swap2: false, rule: 'freestyle' });
  const white = await client.joinById(black.roomId, { name: `B${game}` });
  await until(() => black.state.phase === 'main_game' && white.state.phase === 'main_game');
  const prefix = /\/(p\d+)\//.exec(black.connection.transport.ws?.url ?? '')?.[1] ?? '?';
  seen.set(prefix, (seen.get(prefix) ?? 0) + 1);
  for (const [i, [room, other]] of [[black, white], [white, black], [black, white]].entries()) {
    room.send('place', { x: i, y: 0 });
    await until(() => other.state.board[i] !== 0);
  }
  await Promise.all([black.leave(), white.leave()]);
}
console.log(`9 games played through ${base}; rooms by process prefix: ${JSON.stringify(Object.fromEntries(seen))}`);
process.exit(0);
