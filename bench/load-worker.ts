/**
 * One load generator process of the realtime bench (spawned by bench/load-fleet.ts; never run by hand). It holds
 * both players' sockets of its rooms and each partner's simulated screen, sends its share of the answers and stops
 * each answer's clock when that screen holds it: sending and receiving on one clock, in one process. The parent
 * only orchestrates, so no process's event loop carries the whole load, and each reports its own send lag.
 */
import http from 'node:http';
import type { Socket } from 'socket.io-client';
import type { SessionAnsweredEvent } from '../core/contracts/sessions';
import { ApiClient, fetchTransport } from '../test/api-client';
import type { FromWorker, RoomSpec, ToWorker, WorkerSetup } from './load-protocol';
import { mapLimit, monotonicMs, sleep } from './lib';
import { PartnerScreen } from './partner-screen';
import { Awaited, type Load, runLoad } from './realtime-load';
import { connect } from './socket-client';

const REQUEST_TIMEOUT_MS = 10_000;
const JOIN_TIMEOUT_MS = 10_000;

const reply = (message: FromWorker) => process.send?.(message);

/** Keep-alive connections, as many as the open loop needs: an answer never waits for a free connection here. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 2_048, maxFreeSockets: 512 });

/** POSTs a JSON body and resolves with the status once the answer's body is read (so its time counts). */
function post(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        res.on('error', reject);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.resume();
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(Object.assign(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`), { name: 'TimeoutError' })));
    req.on('error', reject);
    req.end(body);
  });
}

const sockets: Socket[] = [];
const screens: PartnerScreen[] = [];
let receiver: Awaited | null = null;
let disconnects = 0;
let load: Load;

/** Connects and joins one player's socket; the partner's (role 1) reads its session once in the room, as the screen opens. */
async function openApp(setup: WorkerSetup, r: number, role: 0 | 1): Promise<Socket> {
  const room = setup.rooms[r];
  const me = role ? room.partner : room.host;
  const server = setup.servers[role ? room.partnerServer : room.hostServer];
  const socket = await connect(server.url, { extraHeaders: { origin: server.origin, cookie: me.cookie } }, sockets);
  const ack = (await socket.timeout(JOIN_TIMEOUT_MS).emitWithAck('session:join', { sessionId: room.sessionId })) as { ok?: boolean; error?: string } | undefined;
  if (!ack?.ok) throw new Error(`session:join refused: ${ack?.error ?? 'no ack'}`);
  if (role) {
    const client = new ApiClient(fetchTransport(server.url, server.origin, { timeoutMs: REQUEST_TIMEOUT_MS }));
    const reread = () => client.snapshot(room.sessionId, me);
    screens[r] = new PartnerScreen(await reread(), me.id, reread);
  }
  return socket;
}

/**
 * The relay stands for the app's server: this process keeps each session's version for it and posts the event the
 * app would emit. A gap (an event lost on the way) reads the state the relay's version stands for, with no request.
 */
function relayLoad(setup: WorkerSetup): Load {
  const relay = setup.servers[0];
  const versions = setup.rooms.map((room) => room.snapshot!.version);
  setup.rooms.forEach((room, r) => {
    screens[r] = new PartnerScreen(structuredClone(room.snapshot!), room.partner.id, async () => {
      const read = structuredClone(screens[r].snapshot);
      read.version = versions[r];
      read.answers.partnerAnswered = true;
      return read;
    });
  });
  return {
    sessionIds: setup.rooms.map((room) => room.sessionId),
    okStatus: 204,
    send: (r) => {
      const room = setup.rooms[r];
      const event: SessionAnsweredEvent = { sessionId: room.sessionId, version: ++versions[r], userId: room.host.id, itemId: screens[r].itemId, bothAnswered: false, answer: null };
      return post(`${relay.url}/relay`, {}, JSON.stringify({ room: room.relayRoom, event: 'session:answered', payload: event }));
    },
  };
}

/**
 * The host answers its screen's current item, as the browser pins its answers, 'a' and 'b' by turns in each session:
 * a different answer bumps the version, while the same one again (a replay) changes nothing and is not announced
 * (migration 0012).
 */
function appLoad(setup: WorkerSetup): Load {
  const answered = setup.rooms.map(() => 0);
  return {
    sessionIds: setup.rooms.map((room) => room.sessionId),
    okStatus: 200,
    send: (r) => {
      const room: RoomSpec = setup.rooms[r];
      const server = setup.servers[room.hostServer];
      return post(
        `${server.url}/api/sessions/${room.sessionId}/answers`,
        { origin: server.origin, cookie: room.host.cookie },
        JSON.stringify({ itemId: screens[r].itemId, answer: answered[r]++ % 2 ? 'b' : 'a' }),
      );
    },
  };
}

async function setUp(setup: WorkerSetup) {
  const start = performance.now();
  const open =
    setup.kind === 'app'
      ? (r: number, role: 0 | 1) => openApp(setup, r, role)
      : (r: number) => connect(setup.servers[0].url, { auth: { room: setup.rooms[r].relayRoom } }, sockets);
  load = setup.kind === 'app' ? appLoad(setup) : relayLoad(setup);
  const opened = await mapLimit(setup.rooms.length * 2, setup.connectConcurrency, (i) => open(Math.floor(i / 2), (i % 2) as 0 | 1), {
    what: 'sockets',
    timeoutMs: setup.connectTimeoutMs,
  });
  opened.forEach((socket, i) => {
    socket.on('disconnect', () => disconnects++);
    if (i % 2 === 0) return;
    const screen = screens[Math.floor(i / 2)];
    // Every event is applied, measured or not, so the screen stays on the server's version between runs.
    socket.on('session:answered', (event: SessionAnsweredEvent) =>
      screen.receive(event, (outcome) => {
        if (outcome === 'applied' || outcome === 'reread') receiver?.held(event.sessionId);
      }),
    );
  });
  reply({ type: 'ready', sockets: opened.length, connectS: (performance.now() - start) / 1000 });
}

/** Sequential answers on an idle server: the endpoint alone. */
async function probe(count: number) {
  const probeMs: number[] = [];
  for (let k = 0; k < count; k++) {
    const t0 = performance.now();
    const status = await load.send(k % load.sessionIds.length, k);
    if (status !== load.okStatus) throw new Error(`probe answered ${status}`);
    probeMs.push(performance.now() - t0);
  }
  reply({ type: 'probed', probeMs });
}

async function handle(message: ToWorker) {
  try {
    switch (message.type) {
      case 'setup':
        return await setUp(message.setup);
      case 'probe':
        return await probe(message.count);
      case 'run': {
        for (const screen of screens) screen.gaps = screen.wrong = 0;
        const startAt = performance.now() + (message.startAtMs - monotonicMs());
        const run = await runLoad(load, message.ratePerS, message.durationS, startAt, message.share, (a) => (receiver = a));
        const sum = (of: (s: PartnerScreen) => number) => screens.reduce((n, s) => n + of(s), 0);
        return reply({ type: 'ran', run, gaps: sum((s) => s.gaps), wrong: sum((s) => s.wrong), disconnects });
      }
      case 'close': {
        receiver = null;
        for (const s of sockets) {
          s.removeAllListeners();
          s.disconnect();
        }
        await sleep(500); // let the close frames leave
        agent.destroy();
        reply({ type: 'closed' });
        return process.exit(0);
      }
    }
  } catch (err) {
    reply({ type: 'error', message: (err as Error).stack ?? String(err) });
  }
}

process.on('message', (message: ToWorker) => void handle(message));
// The parent gone (killed, crashed): nothing left to report to.
process.on('disconnect', () => process.exit(0));
