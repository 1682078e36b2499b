/** The realtime bench's rows (bench/realtime.ts): what one server did, beside the bare relay in the same run. */
import { fmtMs, mb, statusText } from './invite-latency';
import { percentile, row, type Row } from './lib';
import { LOST_AFTER_MS, type LoadResult, p99PerSecond } from './realtime-load';

/** The ratio to the relay that every p99 row is judged on (issues 8 and 13); the p99 target is the measure's own. */
const TARGET_RATIO = 3;

/** What one server (or pair of processes) did: its load, and its memory before and after its sockets connected. */
export interface Measured {
  run: LoadResult;
  rooms: number;
  sockets: number;
  /** Sockets connected, joined and each partner's session read, over every generator process. */
  connectS: number;
  rssBeforeKb: number | null;
  rssKb: number | null;
  rssAfterKb: number | null;
  /** The answer (or relay) endpoint alone: PROBES sequential requests on an idle server. */
  probeMs: number[];
  /** Every session answered once at the measured rate, the warm-up before the measure: for most sessions their first answer. */
  firstAnswersMs: number[];
  /** Load generator processes. */
  generators: number;
  setupNote?: string;
}

const lagMs = (ms: number | null) => (ms === null ? '–' : ms.toFixed(1));

/** How late each generator process sent its answers against the schedule (p50/p99/max), and its CPU over the run: the bench's own share, apart from the server's. */
export function generatorText(run: LoadResult): string {
  const lags = run.sendLag.map((l) => `${lagMs(l.p50)}/${lagMs(l.p99)}/${lagMs(l.max)}`).join(', ');
  const cpu = run.generatorCpuMs.map((ms) => (ms === null ? '?' : `${((100 * ms) / run.wallMs).toFixed(0)}%`)).join(', ');
  return `send lag p50/p99/max per generator process ${lags} ms, their CPU ${cpu} of a core`;
}

/** The whole process's RSS with its sockets connected, per 1,000 of them. */
const perThousand = (m: Measured) => (m.rssKb === null ? null : (m.rssKb / 1024) * (1000 / m.sockets));
const growth = (m: Measured) => (m.rssKb === null || m.rssBeforeKb === null ? '?' : `${m.rssKb >= m.rssBeforeKb ? '+' : ''}${Math.round((m.rssKb - m.rssBeforeKb) / 1024)} MB`);

/** The measure's rows: app beside relay, judged on the p99 and on the ratio between them. */
export function rowsOf(
  app: Measured,
  relay: Measured,
  suffix: string,
  { ratePerS, durationS, probes, targetP99Ms }: { ratePerS: number; durationS: number; probes: number; targetP99Ms: number },
): Row[] {
  const p = (m: Measured, q: number) => percentile(m.run.latencies, q);
  const pct = (values: number[], q: number) => fmtMs(percentile(values, q));
  const detail = (m: Measured) =>
    `${m.run.sent} sent (${(m.run.sent / durationS).toFixed(0)}/s; ${m.run.skipped} skipped, session still awaiting its previous answer), ` +
    `p95 ${pct(m.run.latencies, 95)}, max ${pct(m.run.latencies, 100)}, ${m.run.latencies.filter((ms) => ms > targetP99Ms).length} over ${targetP99Ms} ms ` +
    `(p99 second by second: ${p99PerSecond(m.run)
      .map((ms) => (ms === null ? '–' : ms.toFixed(ms < 10 ? 1 : 0)))
      .join(', ')} ms); ` +
    `HTTP answer p50 ${pct(m.run.httpMs, 50)}, p99 ${pct(m.run.httpMs, 99)}`;
  const cpu = (m: Measured) =>
    m.run.cpuMs === null || m.run.accepted === 0
      ? '?'
      : `${(m.run.cpuMs / m.run.accepted).toFixed(1)} ms CPU per answer (${((100 * m.run.cpuMs) / m.run.wallMs).toFixed(0)}% of one core over the run)`;
  const p99 = p(app, 99);
  const relayP99 = p(relay, 99);
  const ratio = p99 !== null && relayP99 ? p99 / relayP99 : null;
  const name = `(${app.rooms} sessions, ${ratePerS}/s)${suffix}`;
  return [
    row(
      `realtime p50 ${name}`,
      'ms',
      p(app, 50),
      p(relay, 50),
      null,
      `answer sent → the partner's screen holds it (event applied with core/session-live.ts, as the browser does); percentiles over those held within ${LOST_AFTER_MS / 1000} s; ${ratePerS}/s offered for ${durationS} s, open loop, round-robin, ${app.sockets} app sockets (connected, joined and each partner's session read in ${app.connectS.toFixed(1)} s; ${app.setupNote}); ` +
        `app ${detail(app)}; relay ${detail(relay)} (${relay.sockets} sockets)`,
    ),
    row(
      `realtime p99 ${name}`,
      'ms',
      p99,
      relayP99,
      targetP99Ms,
      `ratio to the bare relay ${ratio === null ? '?' : `${ratio.toFixed(2)}×`} (target ≤ ${TARGET_RATIO}×: ${ratio === null ? '?' : ratio <= TARGET_RATIO ? 'met' : 'MISSED'}); ` +
        `app ${cpu(app)}, relay ${cpu(relay)}; endpoint alone (${probes} sequential, idle server) app p50 ${pct(app.probeMs, 50)}, relay p50 ${pct(relay.probeMs, 50)}; ` +
        `every session once at ${ratePerS}/s before the measure (the warm-up, unmeasured; most sessions' first answer) app p50 ${pct(app.firstAnswersMs, 50)}, p99 ${pct(app.firstAnswersMs, 99)}, relay p50 ${pct(relay.firstAnswersMs, 50)}, p99 ${pct(relay.firstAnswersMs, 99)}; ` +
        `the bench's own load (${app.generators} processes): app run ${generatorText(app.run)}; relay run ${generatorText(relay.run)}`,
    ),
    row(
      `realtime lost (> 5 s or never)${suffix}`,
      'events',
      app.run.lost,
      relay.run.lost,
      0,
      `app HTTP ${statusText(app.run.statuses)}; relay HTTP ${statusText(relay.run.statuses)}; stray events ${app.run.stray} / ${relay.run.stray}; partner screens: version gaps (each read again) ${app.run.gaps} / ${relay.run.gaps}, states not as the event told ${app.run.wrong} / ${relay.run.wrong}; ` +
        `sessions retired (answer overdue or request failed) ${app.run.retired} / ${relay.run.retired}; socket disconnects ${app.run.disconnects} / ${relay.run.disconnects}`,
    ),
    row(
      `realtime RSS per 1,000 sockets${suffix}`,
      'MB',
      perThousand(app),
      perThousand(relay),
      null,
      `whole-process RSS with the sockets connected (and joined) ÷ ${app.sockets / 1000}; app ${mb(app.rssKb)} with ${app.sockets} sockets (${growth(app)} from connecting them, ` +
        `${mb(app.rssBeforeKb)} before: the setup's garbage being collected can outweigh them), ${mb(app.rssAfterKb)} after the run; ` +
        `relay ${mb(relay.rssKb)} with ${relay.sockets} (${growth(relay)} from connecting), ${mb(relay.rssAfterKb)} after`,
    ),
  ];
}
