/** The realtime bench's rows (bench/realtime.ts): what one server did, beside the bare relay in the same run. */
import { fmtMs, mb, statusText } from './invite-latency';
import { percentile, row, type Row } from './lib';
import { LOST_AFTER_MS, type LoadResult } from './realtime-load';

/** Issue 8's targets at 1,000 sessions and 500 answers/s. */
const TARGET_P99_MS = 15;
const TARGET_RATIO = 3;

/** What one server did: its load, and its memory before and after its sockets connected. */
export interface Measured {
  run: LoadResult;
  rooms: number;
  sockets: number;
  connectS: number;
  rssBeforeKb: number | null;
  rssKb: number | null;
  rssAfterKb: number | null;
  /** The answer (or relay) endpoint alone: PROBES sequential requests on an idle server. */
  probeMs: number[];
  disconnects: number;
  /** Over the measured run, on the partners' screens: events that showed a version gap (and cost a read), states not as told. */
  gaps: number;
  wrong: number;
  setupNote?: string;
}

/** The whole process's RSS with its sockets connected, per 1,000 of them. */
const perThousand = (m: Measured) => (m.rssKb === null ? null : (m.rssKb / 1024) * (1000 / m.sockets));
const growth = (m: Measured) => (m.rssKb === null || m.rssBeforeKb === null ? '?' : `${m.rssKb >= m.rssBeforeKb ? '+' : ''}${Math.round((m.rssKb - m.rssBeforeKb) / 1024)} MB`);

/** The measure's rows: app beside relay, the targets of issue 8 judged on the p99 and on the ratio between them. */
export function rowsOf(app: Measured, relay: Measured, suffix: string, { ratePerS, durationS, probes }: { ratePerS: number; durationS: number; probes: number }): Row[] {
  const p = (m: Measured, q: number) => percentile(m.run.latencies, q);
  const pct = (values: number[], q: number) => fmtMs(percentile(values, q));
  const detail = (m: Measured) =>
    `${m.run.sent} sent (${(m.run.sent / durationS).toFixed(0)}/s; ${m.run.skipped} skipped, session still awaiting its previous answer), ` +
    `p95 ${pct(m.run.latencies, 95)}, max ${pct(m.run.latencies, 100)}, ${m.run.latencies.filter((ms) => ms > TARGET_P99_MS).length} over ${TARGET_P99_MS} ms; ` +
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
      TARGET_P99_MS,
      `ratio to the bare relay ${ratio === null ? '?' : `${ratio.toFixed(2)}×`} (target ≤ ${TARGET_RATIO}×: ${ratio === null ? '?' : ratio <= TARGET_RATIO ? 'met' : 'MISSED'}); ` +
        `app ${cpu(app)}, relay ${cpu(relay)}; endpoint alone (${probes} sequential, idle server) app p50 ${pct(app.probeMs, 50)}, relay p50 ${pct(relay.probeMs, 50)}; ` +
        `max send lag of the bench ${app.run.maxSendLagMs.toFixed(1)} / ${relay.run.maxSendLagMs.toFixed(1)} ms`,
    ),
    row(
      `realtime lost (> 5 s or never)${suffix}`,
      'events',
      app.run.lost,
      relay.run.lost,
      0,
      `app HTTP ${statusText(app.run.statuses)}; relay HTTP ${statusText(relay.run.statuses)}; stray events ${app.run.stray} / ${relay.run.stray}; partner screens: version gaps (each read again) ${app.gaps} / ${relay.gaps}, states not as the event told ${app.wrong} / ${relay.wrong}; ` +
        `sessions retired (answer overdue or request failed) ${app.run.retired} / ${relay.run.retired}; socket disconnects ${app.disconnects} / ${relay.disconnects}`,
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
