/**
 * The service worker's push handlers (web/public/push-handlers.js), run as the worker runs them: a classic script in
 * a global scope of its own (node:vm), whose `self` is that scope and has `clients`, `registration`, `navigator` and
 * `location`. Every stub writes what it was asked into one log, so a test reads exactly what the worker did, in order.
 */
import { readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const source = readFileSync(new URL('../web/public/push-handlers.js', import.meta.url), 'utf8');
const ORIGIN = 'https://twogether.example';

type Listener = (event: Record<string, unknown>) => void;
type BadgeApi = 'present' | 'absent' | 'rejecting' | 'throwing';

interface FakeWindow {
  url: string;
  /** What its navigate() does: a controlled page goes there; an uncontrolled one rejects (the browser's TypeError); some browsers lack it. */
  navigate: 'goes' | 'rejects' | 'missing';
}

function worker({ badgeApi = 'present', windows = [] }: { badgeApi?: BadgeApi; windows?: FakeWindow[] } = {}) {
  const log: string[] = [];
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const listeners = new Map<string, Listener>();

  const badgeCall = (what: string) => {
    log.push(what);
    if (badgeApi === 'throwing') throw new TypeError('no badge here');
    return badgeApi === 'rejecting' ? Promise.reject(new DOMException('not allowed', 'NotAllowedError')) : Promise.resolve();
  };
  const navigator = badgeApi === 'absent' ? {} : { setAppBadge: (n: number) => badgeCall(`setAppBadge ${n}`), clearAppBadge: () => badgeCall('clearAppBadge') };

  const windowClients = windows.map((w) => ({
    url: w.url,
    focus: async () => {
      log.push(`focus ${w.url}`);
    },
    navigate:
      w.navigate === 'missing'
        ? undefined
        : async (url: string) => {
            log.push(`navigate ${w.url} -> ${url}`);
            if (w.navigate === 'rejects') throw new TypeError('This service worker is not the client\u2019s active service worker.');
            return null;
          },
    postMessage: (message: unknown) => {
      log.push(`postMessage ${w.url} ${JSON.stringify(message)}`);
    },
  }));
  const clients = {
    matchAll: async (options: unknown) => {
      log.push(`matchAll ${JSON.stringify(options)}`);
      return windowClients;
    },
    openWindow: async (url: string) => {
      log.push(`openWindow ${url}`);
      return null;
    },
  };

  // A worker's global scope is `self`: the script may say `self.clients` or `clients`.
  const scope: Record<string, unknown> = {
    URL,
    clients,
    navigator,
    location: { origin: ORIGIN },
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        log.push(`showNotification ${title}`);
        shown.push({ title, options });
      },
    },
    addEventListener: (type: string, listener: Listener) => {
      listeners.set(type, listener);
    },
  };
  scope.self = scope;
  runInContext(source, createContext(scope), { filename: 'push-handlers.js' });

  /** Dispatches an event the way the browser does, and waits for what the handler gave `waitUntil`. */
  async function dispatch(type: string, event: Record<string, unknown>) {
    const listener = listeners.get(type);
    if (!listener) throw new Error(`no ${type} listener`);
    const pending: unknown[] = [];
    listener({ ...event, waitUntil: (p: unknown) => pending.push(p) });
    expect(pending).toHaveLength(1);
    await pending[0];
  }

  return {
    log,
    shown,
    push: (data: string | null) => dispatch('push', { data: data === null ? null : { text: () => data, json: () => JSON.parse(data) } }),
    click: (data: unknown) =>
      dispatch('notificationclick', {
        notification: {
          data,
          close: () => {
            log.push('close');
          },
        },
      }),
  };
}

const nudge = { title: 'Ana nudged you', body: "It's your turn in Would You Rather.", url: '/play/would-you-rather/session/abc', tag: 'nudge:abc' };

describe('a push message', () => {
  it('becomes a notification with its title, body, tag and screen, the app icon, in English', async () => {
    const w = worker();
    await w.push(JSON.stringify(nudge));
    expect(w.log).toEqual(['showNotification Ana nudged you']);
    expect(w.shown).toEqual([
      {
        title: 'Ana nudged you',
        options: {
          body: "It's your turn in Would You Rather.",
          icon: '/icons/icon-192.png',
          badge: '/icons/icon-192.png',
          tag: 'nudge:abc',
          data: { url: '/play/would-you-rather/session/abc' },
          lang: 'en',
        },
      },
    ]);
  });

  it('without a tag, gives the notification none', async () => {
    const w = worker();
    await w.push(JSON.stringify({ title: "Today's question", body: 'One question, a minute of your day.', url: '/daily' }));
    expect(w.shown.map((s) => Object.keys(s.options).sort())).toEqual([['badge', 'body', 'data', 'icon', 'lang']]);
    expect(w.shown.map((s) => s.options.data)).toEqual([{ url: '/daily' }]);
  });

  it('sets the app badge to a count above zero', async () => {
    const w = worker();
    await w.push(JSON.stringify({ ...nudge, badge: 3 }));
    expect(w.log).toEqual(['showNotification Ana nudged you', 'setAppBadge 3']);
  });

  it('clears the app badge at zero', async () => {
    const w = worker();
    await w.push(JSON.stringify({ ...nudge, badge: 0 }));
    expect(w.log).toEqual(['showNotification Ana nudged you', 'clearAppBadge']);
  });

  it('still shows the notification where the browser has no badge API', async () => {
    const w = worker({ badgeApi: 'absent' });
    await w.push(JSON.stringify({ ...nudge, badge: 2 }));
    expect(w.log).toEqual(['showNotification Ana nudged you']);
    expect(w.shown.map((s) => s.title)).toEqual(['Ana nudged you']);
  });

  it.each(['rejecting', 'throwing'] as const)('still shows the notification, and settles, when the badge API fails (%s)', async (badgeApi) => {
    const w = worker({ badgeApi });
    await w.push(JSON.stringify({ ...nudge, badge: 5 }));
    expect(w.log).toEqual(['showNotification Ana nudged you', 'setAppBadge 5']);
  });

  it('leaves the badge alone when the message has no count', async () => {
    const w = worker();
    await w.push(JSON.stringify(nudge));
    expect(w.log).toEqual(['showNotification Ana nudged you']);
  });

  it.each([
    ['not JSON', '{"title": "Ana nudged'],
    ['without a title', JSON.stringify({ body: 'x', url: '/daily' })],
    ['with an empty title', JSON.stringify({ title: '', body: 'x', url: '/daily' })],
    ['JSON but not an object', '"hello"'],
  ])('%s shows the generic notification, which opens the home screen', async (_what, payload) => {
    const w = worker();
    await w.push(payload);
    expect(w.shown).toEqual([
      {
        title: 'Twogether',
        options: { body: 'Something is waiting for you', icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', data: { url: '/' }, lang: 'en' },
      },
    ]);
  });

  it('without a payload shows the generic notification', async () => {
    const w = worker();
    await w.push(null);
    expect(w.shown.map((s) => [s.title, s.options.body, s.options.data])).toEqual([['Twogether', 'Something is waiting for you', { url: '/' }]]);
  });
});

describe('a tap on a notification', () => {
  const matchAll = 'matchAll {"type":"window","includeUncontrolled":true}';

  it('focuses the window already at that screen', async () => {
    const w = worker({
      windows: [
        { url: `${ORIGIN}/`, navigate: 'goes' },
        { url: `${ORIGIN}/daily`, navigate: 'goes' },
      ],
    });
    await w.click({ url: '/daily' });
    expect(w.log).toEqual(['close', matchAll, `focus ${ORIGIN}/daily`]);
  });

  it('otherwise focuses a window of the app and takes it to the screen', async () => {
    const w = worker({ windows: [{ url: `${ORIGIN}/`, navigate: 'goes' }] });
    await w.click({ url: '/play/would-you-rather/session/abc' });
    expect(w.log).toEqual(['close', matchAll, `focus ${ORIGIN}/`, `navigate ${ORIGIN}/ -> ${ORIGIN}/play/would-you-rather/session/abc`]);
  });

  it('asks a page the worker does not control to go there itself when navigate() refuses', async () => {
    const w = worker({ windows: [{ url: `${ORIGIN}/settings`, navigate: 'rejects' }] });
    await w.click({ url: '/daily' });
    expect(w.log).toEqual([
      'close',
      matchAll,
      `focus ${ORIGIN}/settings`,
      `navigate ${ORIGIN}/settings -> ${ORIGIN}/daily`,
      `postMessage ${ORIGIN}/settings {"type":"navigate","url":"${ORIGIN}/daily"}`,
    ]);
  });

  it('asks the page to go there itself in a browser without navigate()', async () => {
    const w = worker({ windows: [{ url: `${ORIGIN}/`, navigate: 'missing' }] });
    await w.click({ url: '/daily' });
    expect(w.log).toEqual(['close', matchAll, `focus ${ORIGIN}/`, `postMessage ${ORIGIN}/ {"type":"navigate","url":"${ORIGIN}/daily"}`]);
  });

  it('opens a window at the screen when none of the app is open', async () => {
    const w = worker();
    await w.click({ url: '/daily' });
    expect(w.log).toEqual(['close', matchAll, `openWindow ${ORIGIN}/daily`]);
  });

  it('ignores a window of another origin', async () => {
    const w = worker({ windows: [{ url: 'https://elsewhere.example/daily', navigate: 'goes' }] });
    await w.click({ url: '/daily' });
    expect(w.log).toEqual(['close', matchAll, `openWindow ${ORIGIN}/daily`]);
  });

  it.each(['https://evil.example/phish', '//evil.example/phish', 'javascript:alert(1)'])('opens the home screen, not %s', async (url) => {
    const w = worker();
    await w.click({ url });
    expect(w.log).toEqual(['close', matchAll, `openWindow ${ORIGIN}/`]);
  });

  it('opens the home screen when the notification carries no address', async () => {
    const w = worker();
    await w.click(null);
    expect(w.log).toEqual(['close', matchAll, `openWindow ${ORIGIN}/`]);
  });
});
