// The baseline of the invite→bell and answer→partner measures: a bare Socket.IO relay, run with plain `node` (no
// auth, no database). A client joins the room named in its handshake `auth.room`; `POST /relay` with
// `{ room, payload, event? }` emits `event` (default `invite:received`) with that payload to the room and answers 204.
// The bench posts the very payload the app would emit (for `session:answered`: the session's next version, the
// app's own ids, so the same fields and size), so the two servers differ only in what the app does to produce it.
// `GET /health` answers 200 for the bench. `GET /partner-page` is bench/partner-paint.ts's bare page (partner-page.html)
// and `/partner-page/socket.io.min.js` its Socket.IO client.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { Server } from 'socket.io';

const MAX_BODY = 64 * 1024;
const pages = {
  '/partner-page': ['text/html', () => readFileSync(new URL('partner-page.html', import.meta.url))],
  // The package exports no dist/ path: from its entry (…/socket.io-client/build/cjs/index.js) up to its folder.
  '/partner-page/socket.io.min.js': [
    'text/javascript',
    () =>
      readFileSync(
        createRequire(import.meta.url)
          .resolve('socket.io-client')
          .replace(/build[/\\].*$/, 'dist/socket.io.min.js'),
      ),
  ],
};

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  const page = req.method === 'GET' && pages[req.url?.split('?')[0] ?? ''];
  if (page) {
    res.writeHead(200, { 'content-type': page[0], 'cache-control': 'no-cache' }).end(page[1]());
    return;
  }
  if (req.method !== 'POST' || req.url !== '/relay') {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  let size = 0;
  req.on('data', (chunk) => {
    size += chunk.length;
    if (size > MAX_BODY) req.destroy();
    else chunks.push(chunk);
  });
  req.on('end', () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (typeof body?.room !== 'string') {
      res.writeHead(400).end();
      return;
    }
    io.to(body.room).emit(typeof body.event === 'string' ? body.event : 'invite:received', body.payload);
    res.writeHead(204).end();
  });
});

// The same engine settings as the app's realtime server.
const io = new Server(server, { path: '/socket.io', serveClient: false, pingInterval: 25_000, pingTimeout: 20_000 });
io.on('connection', (socket) => {
  const room = socket.handshake.auth?.room;
  if (typeof room === 'string') void socket.join(room);
});

process.on('SIGTERM', () => {
  io.close();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
});
server.listen(Number(process.env.PORT), '127.0.0.1');
