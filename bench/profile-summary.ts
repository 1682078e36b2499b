/**
 * Where the app's CPU goes, per answer, from a V8 CPU profile of it under the bench:
 *
 *   BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" BENCH_ONLY=realtime … npm run bench
 *   node --import tsx bench/profile-summary.ts /tmp/prof [--results bench/results/latest-realtime.json] [--window realtime]
 *
 * Each profile (a file, or every .cpuprofile in a folder) is cut to the bench's measured windows for its process
 * (the results file lists them with the server's PID, which the profile's file name carries; both use the machine's
 * monotonic clock), and its self time is grouped: HTTP (fastify, its plugins, light-my-request, node:http), auth
 * (better-auth, our session plugin and viewer cache), validation/serialisation (zod, fast-json-stringify, our
 * route() and contracts), database (pg, PGlite and its WASM, drizzle, our db/), emit (socket.io, engine.io, ws,
 * the Redis adapter), logging (pino), app code (the rest of server/ and core/), GC, V8's own (program), idle, other.
 * The app runs bundled (dist/server/main.mjs): each frame is found in the original sources through the bundle's
 * source map. A frame of no category of its own (Node's internals, native code: a `writev`, a `JSON.stringify`) is
 * counted with the nearest caller that has one, so sending a query's bytes counts as database, a broadcast's as emit.
 * Without a window, the whole profile is summed (`--answers N` then gives the per-answer column).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProfileWindow } from './lib';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export const CATEGORIES = ['HTTP', 'auth', 'validation/serialisation', 'database', 'emit', 'logging', 'app code', 'GC', '(program)', 'other', 'idle'] as const;
export type Category = (typeof CATEGORIES)[number];

/** First match wins; tested against the frame's original source path (or its URL when it has no map). */
const RULES: [Category, RegExp][] = [
  ['logging', /node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream|fast-redact|quick-format-unescaped|on-exit-leak-free|atomic-sleep)\//],
  ['auth', /node_modules\/(better-auth|better-call|@better-auth\/[^/]+|@better-fetch\/[^/]+|jose|@noble\/[^/]+|kysely|rou3|defu)\/|(^|\/)server\/auth\//],
  [
    'validation/serialisation',
    /node_modules\/(zod|fast-json-stringify|fastify-type-provider-zod|ajv|ajv-formats|fast-uri|json-schema-ref-resolver|@fastify\/ajv-compiler|@fastify\/fast-json-stringify-compiler|fast-deep-equal|rfdc)\/|(^|\/)server\/http\/route\.ts|(^|\/)core\/contracts\//,
  ],
  [
    'database',
    /node_modules\/(pg|pg-protocol|pg-pool|pg-types|pg-cloudflare|pgpass|pg-connection-string|postgres-array|postgres-bytea|postgres-date|postgres-interval|@electric-sql\/pglite|drizzle-orm)\/|(^|\/)server\/db\/|^wasm:/,
  ],
  [
    'emit',
    /node_modules\/(socket\.io|socket\.io-adapter|socket\.io-parser|engine\.io|engine\.io-parser|ws|@socket\.io\/[^/]+|ioredis|redis-parser|redis-errors|notepack\.io|base64id)\/|(^|\/)server\/realtime\//,
  ],
  [
    'HTTP',
    /node_modules\/(fastify|light-my-request|find-my-way|avvio|@fastify\/[^/]+|fastify-plugin|secure-json-parse|process-warning|abstract-logging|toad-cache|proxy-addr|forwarded|ipaddr\.js|fast-querystring|fast-decode-uri-component|safe-regex2|ret|helmet|content-type|on-finished|send|mime)\/|^node:(_http_\w+|http|internal\/http)/,
  ],
  ['app code', /(^|\/)(server|core)\//],
];

const V8_OWN: Record<string, Category> = { '(garbage collector)': 'GC', '(idle)': 'idle', '(program)': '(program)', '(root)': 'other' };

/** Original sources of a bundle's frames, through its source map (`//# sourceMappingURL=` or `<file>.map`). */
class Sources {
  private readonly maps = new Map<string, SourceMap | null>();

  original(frame: CallFrame): string {
    if (!frame.url.startsWith('file://')) return frame.url;
    const map = this.mapOf(frame.url);
    if (!map) return fileURLToPath(frame.url);
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber);
    return 'originalSource' in entry ? entry.originalSource : fileURLToPath(frame.url);
  }

  private mapOf(url: string): SourceMap | null {
    if (this.maps.has(url)) return this.maps.get(url)!;
    let map: SourceMap | null = null;
    try {
      const file = fileURLToPath(url);
      if (file.includes('/node_modules/')) return null; // packages run as published: the path says which
      const tail = readFileSync(file, 'utf8').slice(-300);
      const named = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(tail)?.[1];
      const mapFile = path.resolve(path.dirname(file), named ?? `${path.basename(file)}.map`);
      if (existsSync(mapFile)) map = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')));
    } catch {
      map = null;
    }
    this.maps.set(url, map);
    return map;
  }
}

export interface Breakdown {
  /** Sampled ms per category within the window. */
  ms: Record<Category, number>;
  /** The heaviest frames by self time: category, ms, where. */
  top: { category: Category; ms: number; frame: string }[];
  windowMs: number;
}

/** Self time per category over the samples stamped within [fromUs, toUs]. */
export function breakdown(profile: CpuProfile, fromUs: number, toUs: number, sources = new Sources()): Breakdown {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const own = new Map<number, Category | null>();
  const where = new Map<number, string>();
  const ownCategory = (n: ProfileNode): Category | null => {
    if (own.has(n.id)) return own.get(n.id)!;
    const { functionName, url } = n.callFrame;
    let category: Category | null = V8_OWN[functionName] && !url ? V8_OWN[functionName] : null;
    if (!category && url) {
      const source = sources.original(n.callFrame);
      where.set(n.id, `${functionName || '(anonymous)'} ${source.replace(/^(\.\.\/)+/, '')}`);
      category = RULES.find(([, re]) => re.test(source))?.[0] ?? null;
    }
    own.set(n.id, category);
    return category;
  };
  const resolved = new Map<number, Category>();
  const categoryOf = (id: number): Category => {
    const known = resolved.get(id);
    if (known) return known;
    const n = byId.get(id)!;
    const up = parent.get(id);
    const category = ownCategory(n) ?? (up === undefined ? 'other' : categoryOf(up));
    resolved.set(id, category);
    return category;
  };

  const ms = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  const selfUs = new Map<number, number>();
  let t = profile.startTime;
  const stamps = profile.timeDeltas.map((d) => (t += d));
  for (let i = 0; i < profile.samples.length; i++) {
    if (stamps[i] < fromUs || stamps[i] > toUs) continue;
    const us = (i + 1 < stamps.length ? stamps[i + 1] : profile.endTime) - stamps[i];
    const id = profile.samples[i];
    ms[categoryOf(id)] += us / 1000;
    selfUs.set(id, (selfUs.get(id) ?? 0) + us);
  }
  const frames = new Map<string, { category: Category; ms: number; frame: string }>();
  for (const [id, us] of selfUs) {
    const n = byId.get(id)!;
    const name = n.callFrame.functionName || '(anonymous)';
    const frame = where.get(id) ?? (V8_OWN[name] ? name : `${name} (native, under ${describeCaller(id, parent, where)})`);
    const category = categoryOf(id);
    const key = `${category} ${frame}`; // one native function (a writev) counts apart under each category that calls it
    const entry = frames.get(key) ?? { category, ms: 0, frame };
    entry.ms += us / 1000;
    frames.set(key, entry);
  }
  const top = [...frames.values()].sort((a, b) => b.ms - a.ms).slice(0, 15);
  const first = Math.max(fromUs, profile.startTime);
  const last = Math.min(toUs, profile.endTime);
  return { ms, top, windowMs: Math.max(0, last - first) / 1000 };
}

function describeCaller(id: number, parent: Map<number, number>, where: Map<number, string>): string {
  for (let up = parent.get(id); up !== undefined; up = parent.get(up)) {
    const w = where.get(up);
    if (w) return w;
  }
  return 'nothing';
}

/**
 * The summary as a Markdown table: sampled ms, share of the busy time and ms per answer for each category. V8 samples
 * on the wall clock: a thread that waits for a core (this machine has 2, shared) is sampled where it stands, so the
 * busy time can exceed the CPU the process was given. With that CPU (`cpuMs`, from /proc over the same window) a
 * last column scales each share to it: what each category cost in CPU per answer.
 */
export function formatBreakdown(b: Breakdown, answers: number | null, cpuMs: number | null = null): string {
  const busy = CATEGORIES.filter((c) => c !== 'idle').reduce((n, c) => n + b.ms[c], 0);
  const perAnswer = (ms: number) => (answers ? (ms / answers).toFixed(3) : '–');
  const scaled = (ms: number) => (answers && cpuMs !== null && busy > 0 ? ((ms / busy) * (cpuMs / answers)).toFixed(3) : '–');
  const lines = [
    '| category | sampled ms | share of busy | sampled ms per answer | CPU ms per answer |',
    '|---|---|---|---|---|',
    ...CATEGORIES.filter((c) => c !== 'idle').map(
      (c) => `| ${c} | ${b.ms[c].toFixed(0)} | ${((100 * b.ms[c]) / (busy || 1)).toFixed(1)} % | ${perAnswer(b.ms[c])} | ${scaled(b.ms[c])} |`,
    ),
    `| **busy, all** | **${busy.toFixed(0)}** | 100 % | **${perAnswer(busy)}** | **${scaled(busy)}** |`,
    `| idle | ${b.ms.idle.toFixed(0)} | (${((100 * b.ms.idle) / (b.windowMs || 1)).toFixed(0)} % of the window) | | |`,
    '',
    cpuMs === null
      ? 'the process CPU over the window is unknown: the last column is empty'
      : `the process's CPU over the window (/proc, every thread): ${cpuMs.toFixed(0)} ms; the main thread's sampled busy time ${busy.toFixed(0)} ms, ${((100 * busy) / (cpuMs || 1)).toFixed(0)} % of it ` +
        `(${busy <= cpuMs ? 'the rest ran on other threads: GC helpers, the libuv pool, the profiler' : 'more than the CPU: the thread waited for a core and was sampled where it stood'}); the last column shares the CPU out as the samples are`,
    '',
    'heaviest frames by self time:',
    '',
    '| sampled ms | category | frame |',
    '|---|---|---|',
    ...b.top.map((f) => `| ${f.ms.toFixed(0)} | ${f.category} | ${f.frame.replace(/\|/g, '\\|')} |`),
  ];
  return lines.join('\n');
}

/** CPU.20261122.201105.<pid>.0.001.cpuprofile → pid. */
const pidOf = (file: string) => Number(/^CPU\.\d+\.\d+\.(\d+)\./.exec(path.basename(file))?.[1] ?? NaN);

function resultsWindows(resultsFile: string | undefined, pid: number): ProfileWindow[] {
  const dir = path.resolve(fileURLToPath(new URL('.', import.meta.url)), 'results');
  const candidates = resultsFile
    ? [resultsFile]
    : existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.startsWith('latest') && f.endsWith('.json'))
          .map((f) => path.join(dir, f))
          .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
      : [];
  for (const file of candidates) {
    const windows = (JSON.parse(readFileSync(file, 'utf8')) as { windows?: ProfileWindow[] }).windows ?? [];
    const mine = windows.filter((w) => w.pids.includes(pid));
    if (mine.length) return mine;
  }
  return [];
}

function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const i = args.indexOf(name);
    return i === -1 ? undefined : args.splice(i, 2)[1];
  };
  const resultsFile = option('--results');
  const windowFilter = option('--window');
  const answersOption = option('--answers');
  const target = args[0];
  if (!target) {
    console.error('usage: node --import tsx bench/profile-summary.ts <file.cpuprofile | folder> [--results <bench results json>] [--window <label part>] [--answers N]');
    process.exit(2);
  }
  const files = statSync(target).isDirectory()
    ? readdirSync(target)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => path.join(target, f))
    : [target];
  const sources = new Sources();
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    const pid = pidOf(file);
    const windows = resultsWindows(resultsFile, pid).filter((w) => !windowFilter || w.label.includes(windowFilter));
    if (!windows.length && files.length > 1 && !answersOption) {
      console.log(`\n(${path.basename(file)}: no measured window of PID ${pid} in the results; a setup process, left out)`);
      continue;
    }
    const cuts: { label: string; fromUs: number; toUs: number; answers: number | null; cpuMs?: Record<number, number | null> }[] = windows.length
      ? windows
      : [{ label: 'the whole profile', fromUs: profile.startTime, toUs: profile.endTime, answers: answersOption ? Number(answersOption) : null }];
    for (const cut of cuts) {
      const b = breakdown(profile, cut.fromUs, cut.toUs, sources);
      const shared = windows.find((w) => w.label === cut.label)?.pids.length ?? 1;
      console.log(
        `\n### ${path.basename(file)} (PID ${pid}): ${cut.label}, ${(b.windowMs / 1000).toFixed(1)} s, ${cut.answers ?? '?'} answers` +
          `${shared > 1 ? ` over ${shared} processes (this one's time ÷ all the answers)` : ''}\n`,
      );
      console.log(formatBreakdown(b, cut.answers, cut.cpuMs?.[pid] ?? null));
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
