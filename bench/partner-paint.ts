/**
 * Tap → partner's screen (issue 22): the time from a tap in one player's page to the partner's reveal painted in
 * the other's, in two real Chromium pages (one browser context each), both CPU-throttled 4× as a phone
 * (`Emulation.setCPUThrottlingRate`), in a phone's viewport.
 *
 * The app: a linked couple, both signed in on the production build (`ctx.app`), in one Would You Rather session,
 * both on the session screen. For each answer B (the partner) has already chosen and A (the host) has heard it (the
 * pushed answer), then A taps an option: the mouse's own press and release over it (`page.mouse`), not Playwright's
 * `click`, whose check of the hit target lays A's page out between the press and the click. Measured from A's tap,
 * the finger lifting (its `pointerup`'s own timestamp, so the time A's busy page takes to take the input counts; the
 * option answers on the click that follows it), to the end of the first frame B renders once its DOM holds the
 * reveal naming A's pick (a MutationObserver sees `[data-reveal]` with the text, a `requestAnimationFrame`
 * then a user-blocking task, `scheduler.postTask`: it runs when that frame's style, layout and paint on the main thread
 * are done, ahead of the tasks either page queued for after the frame). Until 2026-11-26 the clock started at the
 * press (`pointerdown`); the notes still give that figure. A press and its release are two of Playwright's round
 * trips, the release sent only once the page has taken the press, so time from the press counted the test tool's
 * wait on a busy page: a finger lifts when it lifts.
 * Then the host presses Next, outside the measure; a level's 10 items done, a new session.
 *
 * Baseline, interleaved with the app in rounds so both see the same machine: bench/partner-page.html served by
 * bench/bare-relay.mjs, the same two throttled pages and the same taps: a tap POSTs the pick to the relay, which
 * emits it to the room, and the other page writes it into one line.
 *
 * The two pages live in two renderer processes: each time is read in its page as `performance.timeOrigin +
 * performance.now()` and brought onto the machine's wall clock by that page's own offset (measured against the page's
 * `Date.now()` at the instants it ticks), so the two pages' times compare to well under a millisecond. An init script
 * also stamps each WebSocket message as it arrives in B and the tap's request as A's page calls `fetch`, which splits
 * the time into tap → request sent (A's own work), request sent → event in B's page (the network, the server),
 * event → DOM (B's own work: the app's) and DOM → painted.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type AppTarget, createSession, linkCouple, openLevelId, signUp } from './api';
import { startRelay } from './invite-latency';
import { CHROME_FLAGS } from './lighthouse';
import { median, percentile, row, type Row, type Server, sleep, stopProcess } from './lib';
import type { BenchContext } from './run';

/** Measured taps of each kind; a level has 10 items, so the app's are 5 sessions. */
const TAPS = Number(process.env.BENCH_PARTNER_TAPS) || 50;
const PER_ROUND = 10;
/** Unmeasured taps of each kind first, so both pages' JavaScript has run the path before. */
const WARM_UP = 5;
/**
 * A phone's CPU: 4×. BENCH_PARTNER_THROTTLE=1 runs the same at this machine's own speed, where each part's figure is
 * its real CPU and wait (a throttled page multiplies its work, and the throttle's own pauses add noise); not the measure.
 */
const CPU_THROTTLE = Number(process.env.BENCH_PARTNER_THROTTLE) || 4;
/** Issue 22: the median at most twice the bare page's. */
const TARGET_RATIO = 2;
/** A loaded machine (2 cores, other sessions' tests) takes its time to load and throttle two pages. */
const STEP_TIMEOUT_MS = 60_000;
/** Between one tap's setup and the tap: the pages' toasts and transitions settle, as a person takes a moment to choose. */
const SETTLE_MS = 400;
/** A phone's screen (the session screen's phone layout: one toast, the sticky Next bar). */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 };

/**
 * BENCH_PARTNER_TRACE=<folder>: B's page is traced (Chromium's timeline) over the first
 * measured round of each kind, written there for DevTools' Performance panel; the marks `partner-paint:message`,
 * `:dom` and `:painted` bound each tap's work. Tracing slows the page: figures of a traced run do not count.
 */
const TRACE_DIR = process.env.BENCH_PARTNER_TRACE;
const TRACE_CATEGORIES = ['devtools.timeline', 'blink.user_timing', 'v8.execute', 'toplevel'];

const log = (msg: string) => console.error(`[bench] partner-paint: ${msg}`);

/** One measured tap, in ms from A's tap (the finger lifts: `pointerup`). */
interface Sample {
  total: number;
  /** The same from the press (`pointerdown`): the tap's own length added, as Playwright makes it. */
  fromPress: number;
  /** The tap's request leaves A's page (its `fetch` is called). */
  sent: number | null;
  /** The server's reply, as A's page saw it (Resource Timing: the request leaving the browser → the reply's first byte). */
  served: number | null;
  /** The pushed event's WebSocket message arrives in B's page. */
  event: number | null;
  /** B's DOM holds the reveal. */
  dom: number;
}

/**
 * In every page, before its own scripts: the last `pointerdown`'s and `pointerup`'s timestamps, and each WebSocket message's arrival
 * (the listener is added before Socket.IO's own, so it runs first), as page times.
 */
const INIT_SCRIPT = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  addEventListener('pointerdown', (e) => { window.__pressAt = performance.timeOrigin + e.timeStamp; }, { capture: true });
  addEventListener('pointerup', (e) => { window.__tapAt = performance.timeOrigin + e.timeStamp; }, { capture: true });
  window.__messages = [];
  // The tap's request leaving A's page: the page's own work between the tap and the network.
  const nativeFetch = window.fetch;
  window.fetch = function (input, init) {
    if (init && init.method === 'POST' && window.__sentAt === null) window.__sentAt = now();
    return nativeFetch.apply(this, arguments);
  };
  window.__sentAt = undefined;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (typeof e.data === 'string' && e.data.startsWith('42')) {
          window.__messages.push({ at: now(), data: e.data.slice(0, 200) });
          performance.mark('partner-paint:message');
        }
      });
    }
  };
})();`;

/**
 * This page's clock against the machine's wall clock: `performance.timeOrigin + performance.now()` minus `Date.now()`
 * at the instants `Date.now()` ticks over (the median of a few), in ms. In-page code is a string here: tsx would
 * wrap a function's inner functions in a helper the page does not have.
 */
const clockOffset = (page: Page): Promise<number> =>
  page.evaluate(`(() => {
    const offsets = [];
    for (let i = 0; i < 7; i++) {
      const start = Date.now();
      let wall = start;
      let perf = 0;
      while (wall === start) {
        perf = performance.timeOrigin + performance.now();
        wall = Date.now();
      }
      offsets.push(perf - wall);
    }
    return offsets.sort((a, b) => a - b)[3];
  })()`);

/**
 * Throttles a pair's pages for its round, and lifts it after: Chromium throttles a page by keeping its renderer busy
 * (each throttled renderer took 40–45% of a core here, idle or not), so the pair that waits for its turn would
 * otherwise take a core from the pair being measured.
 */
async function throttle(page: Page, rate = CPU_THROTTLE) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}
const unthrottle = (pair: Pair) => Promise.all([throttle(pair.a, 1), throttle(pair.b, 1)]);

/**
 * Arms B: resolves with the page times at which its DOM first held `[data-reveal]` naming `text`, and at which the
 * frame after it was rendered, plus the arrival of the last message naming `event` before that. Rejects after a while.
 */
function armReveal(page: Page, text: string, event: string): Promise<{ dom: number; painted: number; event: number | null }> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const text = ${JSON.stringify(text)};
    const event = ${JSON.stringify(event)};
    const now = () => performance.timeOrigin + performance.now();
    window.__messages = [];
    const holds = () => document.querySelector('[data-reveal]')?.textContent?.includes(text) ?? false;
    if (holds()) return reject(new Error('the reveal was on screen before the tap'));
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('no reveal naming ' + text + ' within ${STEP_TIMEOUT_MS} ms'));
    }, ${STEP_TIMEOUT_MS});
    const observer = new MutationObserver(() => {
      if (!holds()) return;
      const dom = now();
      performance.mark('partner-paint:dom');
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => {
        const painted = () => {
          // Read first: what follows is the bench's own bookkeeping.
          const at = now();
          performance.mark('partner-paint:painted');
          const arrived = window.__messages.filter((m) => m.data.includes(event) && m.at <= dom).at(-1);
          resolve({ dom, painted: at, event: arrived ? arrived.at : null });
        };
        // The first task after that frame: a user-blocking one runs before the tasks the page queued meanwhile (its
        // timers, its posted messages), which come after the frame and are not part of painting it.
        if (globalThis.scheduler?.postTask) return void scheduler.postTask(painted, { priority: 'user-blocking' });
        const channel = new MessageChannel();
        channel.port1.onmessage = painted;
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-reveal'] });
  })`);
}

/** Two throttled pages of a context each, `a` the one who taps and `b` the partner who sees it. */
interface Pair {
  a: Page;
  b: Page;
  contexts: BrowserContext[];
}

async function openPair(browser: Browser, cookies: [string, string] | null, origin: string): Promise<Pair> {
  const contexts = await Promise.all([0, 1].map(() => browser.newContext(PHONE)));
  const [a, b] = await Promise.all(
    contexts.map(async (context, i) => {
      await context.addInitScript(INIT_SCRIPT);
      if (cookies) {
        const cookie = cookies[i].split('; ').map((pair) => {
          const at = pair.indexOf('=');
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
        });
        await context.addCookies(cookie);
      }
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      return page;
    }),
  );
  return { a, b, contexts };
}

/** Opens `url`s on both pages, throttles them once loaded, and measures each page's clock. */
async function open(pair: Pair, urls: [string, string]) {
  await Promise.all([pair.a.goto(urls[0]), pair.b.goto(urls[1])]);
  await Promise.all([pair.a, pair.b].map((p) => p.locator('html[data-realtime="on"]').waitFor({ state: 'attached' })));
  await Promise.all([throttle(pair.a), throttle(pair.b)]);
  return { a: await clockOffset(pair.a), b: await clockOffset(pair.b) };
}

/** One tap of A, once B is armed: the sample, on the machine's wall clock. */
async function tap(pair: Pair, offsets: { a: number; b: number }, option: ReturnType<Page['locator']>, text: string, event: string, path: RegExp): Promise<Sample> {
  // The pointer is over the option first, outside the measure (a finger on its way; a phone has no hover at all), and
  // both pages settle (toasts, transitions) as a person takes a moment to choose.
  await option.scrollIntoViewIfNeeded();
  const box = await option.boundingBox();
  if (!box) throw new Error(`no option to tap for ${text}`);
  await pair.a.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await sleep(SETTLE_MS);
  await pair.a.evaluate('window.__tapAt = window.__pressAt = window.__sentAt = null; performance.clearResourceTimings()');
  const revealed = armReveal(pair.b, text, event);
  revealed.catch(() => {}); // awaited below; not an unhandled rejection meanwhile
  // Armed before the tap leaves (the evaluate's observer is set up in B's next task; B is idle, so at once).
  await pair.b.evaluate('0');
  // The mouse's own press and release, as a finger's tap: Playwright's click would also check, between the press
  // and the click, that the press reached the option, by `elementsFromPoint` in A's page: a layout of the whole
  // page forced by the test tool, which no tap on a phone has, and which costs a full screen far more than the bare
  // page's three lines.
  await pair.a.mouse.down();
  await pair.a.mouse.up();
  const seen = await revealed;
  const [tapAt, pressAt, sentAt] = await pair.a.evaluate<[number | null, number | null, number | null]>('[window.__tapAt, window.__pressAt, window.__sentAt]');
  if (tapAt === null || pressAt === null) throw new Error('the tap left no pointerdown and pointerup in A');
  const served = await serverReply(pair.a, path);
  const t0 = tapAt - offsets.a;
  const b = (t: number) => t - offsets.b - t0;
  return {
    total: b(seen.painted),
    fromPress: b(seen.painted) + tapAt - pressAt,
    sent: sentAt === null ? null : sentAt - tapAt,
    served,
    dom: b(seen.dom),
    event: seen.event === null ? null : b(seen.event),
  };
}

/**
 * The tap's request in A's Resource Timing (written once its reply has been read): from its leaving the browser to the
 * reply's first byte, in ms; the server's own time plus the loopback's. Null when the browser keeps no entry for it.
 */
function serverReply(page: Page, path: RegExp): Promise<number | null> {
  return page.evaluate(`new Promise((resolve) => {
    const path = ${path.toString()};
    const find = () => performance.getEntriesByType('resource').find((e) => e.initiatorType === 'fetch' && path.test(new URL(e.name).pathname));
    const done = (entry) => resolve(entry && entry.requestStart > 0 ? entry.responseStart - entry.requestStart : null);
    if (find()) return done(find());
    const observer = new PerformanceObserver(() => {
      if (!find()) return;
      observer.disconnect();
      clearTimeout(timer);
      done(find());
    });
    observer.observe({ type: 'resource' });
    const timer = setTimeout(() => (observer.disconnect(), done(null)), 5000);
  })`);
}

/** The app: a new session of the level, both on its screen, then `count` taps, each after B has chosen and A has heard so. */
async function appRound(pair: Pair, app: AppTarget, who: { host: Parameters<typeof createSession>[1] }, levelId: string, count: number): Promise<Sample[]> {
  const sessionId = await createSession(app, who.host, levelId);
  const offsets = await open(pair, [`${app.origin}/games/would_you_rather/host-session/${sessionId}`, `${app.origin}/games/would_you_rather/session/${sessionId}`]);
  const option = (page: Page, side: 'A' | 'B') => page.getByRole('button', { name: new RegExp(`^Option ${side}:`) });
  const samples: Sample[] = [];
  for (let i = 0; i < count; i++) {
    await Promise.all([pair.a, pair.b].map((p) => p.getByText(`Question ${i + 1} of 10`).waitFor()));
    // B chooses, and its answer is in (the board says so once the server has answered), and A's page has heard of it
    // (its toast may come and go while a loaded machine is slow to look).
    await pair.a.evaluate('window.__messages = []');
    await option(pair.b, 'A').click();
    await pair.b.getByText('Waiting for your partner to answer...').waitFor();
    await pair.b.locator('button[aria-busy]').waitFor({ state: 'detached' });
    await pair.a.waitForFunction(`window.__messages.some((m) => m.data.includes('session:answered'))`);
    const side = i % 2 ? 'B' : 'A';
    const label = (await option(pair.a, side).textContent()) ?? '';
    // The card's text after its letter and the screen reader's "Option X: ".
    const text = label.replace(/^[ab]Option [AB]: /, '').trim();
    samples.push(await tap(pair, offsets, option(pair.a, side), text, 'session:answered', /\/answers$/));
    if (i < count - 1) {
      await pair.b.getByText('Waiting for Host').waitFor();
      await pair.a.getByRole('button', { name: /^Next/ }).click();
    }
  }
  await unthrottle(pair);
  return samples;
}

/** The bare page: the same taps through the bare relay's room. */
async function bareRound(pair: Pair, relay: Server, round: number, count: number): Promise<Sample[]> {
  const room = `partner-paint-${round}`;
  // localhost, not 127.0.0.1: the browser resolves no other name (CHROME_FLAGS), and this one to the loopback.
  const base = `http://localhost:${relay.port}/partner-page?room=${room}`;
  const offsets = await open(pair, [`${base}&me=a`, `${base}&me=b`]);
  const samples: Sample[] = [];
  for (let i = 0; i < count; i++) {
    const text = `Option ${round}-${i}`;
    await pair.a.evaluate(`document.getElementById('a').textContent = ${JSON.stringify(text)}`);
    await pair.b.locator('#a').click();
    await pair.b.locator('#status[data-sent]').waitFor({ state: 'attached' });
    await pair.a.getByText('Your partner has answered.').waitFor();
    samples.push(await tap(pair, offsets, pair.a.locator('#a'), text, '"pick"', /\/relay$/));
    // Next: both pages back to a fresh item.
    const next = await fetch(`${relay.url}/relay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ room, event: 'next', payload: {} }) });
    if (next.status !== 204) throw new Error(`relay next → ${next.status}`);
    await Promise.all([pair.a, pair.b].map((p) => p.locator('#status:not([data-reveal]):not([data-sent])').waitFor({ state: 'attached' })));
  }
  await unthrottle(pair);
  return samples;
}

/** `work()`, with `page` traced over it when BENCH_PARTNER_TRACE names a folder. */
async function traced<T>(browser: Browser, page: Page | null, name: string, work: () => Promise<T>): Promise<T> {
  if (!TRACE_DIR || !page) return work();
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  try {
    return await work();
  } finally {
    const file = path.join(TRACE_DIR, `partner-paint-${name}.json`);
    writeFileSync(file, await browser.stopTracing());
    log(`trace of B's page: ${file}`);
  }
}

const fmt = (v: number | null) => (v === null ? '–' : v.toFixed(1));
const stats = (xs: number[]) => `median ${fmt(median(xs))}, p95 ${fmt(percentile(xs, 95))}`;
function breakdown(samples: Sample[]): string {
  const withEvent = samples.filter((s) => s.event !== null);
  const withSent = withEvent.filter((s) => s.sent !== null);
  return (
    `tap → request sent in A ${stats(withSent.map((s) => s.sent!))}, request sent → event in B ${stats(withSent.map((s) => s.event! - s.sent!))} ` +
    `(of which the server's reply ${stats(samples.filter((s) => s.served !== null).map((s) => s.served!))}), ` +
    `tap → event in B ${stats(withEvent.map((s) => s.event!))}, event → DOM ${stats(withEvent.map((s) => s.dom - s.event!))}, ` +
    `DOM → painted ${stats(samples.map((s) => s.total - s.dom))}`
  );
}

export async function measurePartnerPaint(ctx: BenchContext): Promise<Row[]> {
  const app: AppTarget = { url: ctx.app.url, origin: ctx.appOrigin };
  const prefix = `pp${Date.now().toString(36)}`;
  const host = await signUp(app, `${prefix}a`);
  const partner = await signUp(app, `${prefix}b`);
  await linkCouple(app, host, partner);
  const levelId = await openLevelId(app, host);
  const relay = await startRelay();
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROME_FLAGS, timeout: STEP_TIMEOUT_MS });
  try {
    const appPair = await openPair(browser, [host.cookie, partner.cookie], ctx.appOrigin);
    const barePair = await openPair(browser, null, `http://localhost:${relay.port}`);
    log(`warm-up: ${WARM_UP} taps of each`);
    await bareRound(barePair, relay, 0, WARM_UP);
    await appRound(appPair, app, { host }, levelId, WARM_UP);
    const bare: Sample[] = [];
    const measured: Sample[] = [];
    for (let round = 1; measured.length < TAPS; round++) {
      const count = Math.min(PER_ROUND, TAPS - measured.length);
      bare.push(...(await traced(browser, round === 1 ? barePair.b : null, 'bare', () => bareRound(barePair, relay, round, count))));
      measured.push(...(await traced(browser, round === 1 ? appPair.b : null, 'app', () => appRound(appPair, app, { host }, levelId, count))));
      log(`${measured.length}/${TAPS}: app ${stats(measured.map((s) => s.total))}, bare ${stats(bare.map((s) => s.total))}`);
    }
    const appTotals = measured.map((s) => s.total);
    const bareTotals = bare.map((s) => s.total);
    const appMedian = median(appTotals);
    const bareMedian = median(bareTotals);
    const ratio = appMedian !== null && bareMedian ? appMedian / bareMedian : null;
    const setup = `${TAPS} taps each, in rounds of ${PER_ROUND} alternating with the bare page (after ${WARM_UP} unmeasured), two Chromium pages CPU-throttled ${CPU_THROTTLE}×, ${PHONE.viewport.width}×${PHONE.viewport.height} at ${PHONE.deviceScaleFactor}×`;
    return [
      row(
        "tap → partner's screen (Would You Rather), median",
        'ms',
        appMedian,
        bareMedian,
        bareMedian === null ? null : TARGET_RATIO * bareMedian,
        `A's tap (pointerup: the finger lifts, and the option answers) → the first frame B renders with the reveal naming A's pick; target ${TARGET_RATIO}× the bare page (bench/partner-page.html through bench/bare-relay.mjs) of the same run: ${ratio === null ? '?' : ratio <= TARGET_RATIO ? 'met' : 'MISSED'}; ${setup}; ` +
          `app: ${breakdown(measured)}; bare: ${breakdown(bare)}; from the press (pointerdown) instead: app ${stats(measured.map((s) => s.fromPress))}, bare ${stats(bare.map((s) => s.fromPress))}`,
      ),
      row(
        "tap → partner's screen (Would You Rather), p95",
        'ms',
        percentile(appTotals, 95),
        percentile(bareTotals, 95),
        null,
        `min/max app ${fmt(Math.min(...appTotals))}/${fmt(Math.max(...appTotals))}, bare ${fmt(Math.min(...bareTotals))}/${fmt(Math.max(...bareTotals))}`,
      ),
    ];
  } finally {
    await browser.close().catch(() => {});
    await stopProcess(relay, 5_000);
  }
}
