/**
 * Memories (issue 35): the list and a search for one couple with 2,000 answered items, each request one at a time,
 * beside the bare Fastify route (GET /api/health) timed the same way in the same run. Memories keep no cache: every
 * request reads the couple's sessions, answers and days and builds the words (decision 055), so the first request
 * after the setup (level content not yet read by this process for these sessions) is "cold", the next ones warm.
 * Informative: no target yet.
 */
import { createSession as createSessionEndpoint, getSession, submitAnswer } from '@core/contracts/sessions';
import { type AppTarget, clientOf, createCouples } from './api';
import { mapLimit, median, monotonicMs, percentile, row, type Row } from './lib';
import type { BenchContext } from './run';

const SESSIONS = 100;
/** Each session's level has 10 items, answered by both: 2,000 answered items for each partner to read. */
const ITEMS = 10;
const SAMPLES = 30;
const SETUP_TIMEOUT_MS = 240_000;
const log = (msg: string) => console.error(`[bench] memories: ${msg}`);

/** `n` requests one after another: each one's wall time in ms. */
async function timed(url: string, cookie: string | undefined, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = monotonicMs();
    const res = await fetch(url, { headers: cookie ? { cookie } : {} });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    times.push(monotonicMs() - start);
  }
  return times;
}

export async function measureMemories(ctx: BenchContext): Promise<Row[]> {
  const app: AppTarget = { url: ctx.app.url, origin: ctx.appOrigin };
  const api = clientOf(app);
  const [[a, b]] = await createCouples(app, 1, 'mem', { timeoutMs: SETUP_TIMEOUT_MS });
  const levelId = await api.openLevelId(a);
  log(`${SESSIONS} own-pace sessions of ${ITEMS} items, both answering each`);
  await mapLimit(
    SESSIONS,
    4,
    async (i) => {
      const { session } = await api.call(createSessionEndpoint, { body: { levelId, pace: 'own' } }, { as: a });
      for (let n = 0; n < ITEMS; n++) {
        for (const who of [a, b]) {
          const { current } = await api.call(getSession, { params: { id: session.id } }, { as: who });
          await api.call(submitAnswer, { params: { id: session.id }, body: { answer: (n + i) % 2 ? 'a' : 'b', itemId: current!.id } }, { as: who });
        }
        // At their own pace each moves on by their own Next.
        if (n < ITEMS - 1) for (const who of [a, b]) await api.move(session.id, 'next', { as: who });
      }
    },
    { what: 'memories: sessions', timeoutMs: SETUP_TIMEOUT_MS },
  );

  const list = `${app.url}/api/memories`;
  const search = `${app.url}/api/memories?q=${encodeURIComponent('breakfast')}`;
  const [cold] = await timed(list, a.cookie, 1);
  const first = (await (await fetch(list, { headers: { cookie: a.cookie } })).json()) as { memories: { kind: string; answered?: number }[] };
  const answered = first.memories.reduce((sum, m) => sum + (m.answered ?? 0), 0);
  if (answered !== SESSIONS * ITEMS) throw new Error(`memories list ${answered} answered items, expected ${SESSIONS * ITEMS}`);
  const bare = await timed(`${ctx.bare.url}/api/health`, undefined, SAMPLES);
  const warm = await timed(list, a.cookie, SAMPLES);
  const found = await timed(search, a.cookie, SAMPLES);
  const what = `memories, 1 couple, ${(2 * SESSIONS * ITEMS).toLocaleString('en')} answered items (${(SESSIONS * ITEMS).toLocaleString('en')} each)`;
  const note = (t: number[]) =>
    `p50 ${median(t)?.toFixed(1)} ms, p95 ${percentile(t, 95)?.toFixed(1)} ms of ${t.length} sequential requests; bare p50 ${median(bare)?.toFixed(2)} ms`;
  return [
    row(`${what}: the list, first request (cold)`, 'ms', cold, median(bare), null, 'no cache: every request reads and builds the view'),
    row(`${what}: the list, median`, 'ms', median(warm), median(bare), null, note(warm)),
    row(`${what}: a search ("breakfast"), median`, 'ms', median(found), median(bare), null, note(found)),
  ];
}
