import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser';
import { signUpAndLink } from './support/flows';
import { createSession, openSeats, playQuestion } from './support/session';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

/** Every request a page makes to /api/sessions, and the session events its socket receives. */
function watchSessionTraffic(page: Page) {
  const requests: string[] = [];
  const events: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/sessions')) requests.push(`${request.method()} ${pathname.replace(/[0-9a-f-]{36}/, ':id')}`);
  });
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const event = /^42\["(session:[a-z]+)"/.exec(String(payload))?.[1];
      if (event) events.push(event);
    }),
  );
  const count = (list: string[], what: string) => list.filter((x) => x === what).length;
  return { requests, count: (what: string) => count(requests, what), events: (what: string) => count(events, what) };
}

describe('a level played on pushed state (docs/decisions/017)', () => {
  it('costs one POST per answer and one pushed event per player, and no snapshot read after the first', async () => {
    const host = await openPage(suite.browser, suite.server.url);
    const guest = await openPage(suite.browser, suite.server.url);
    await signUpAndLink(host.page, guest.page);
    const sessionId = await createSession(host.page);
    const traffic = { host: watchSessionTraffic(host.page), guest: watchSessionTraffic(guest.page) };
    await openSeats(host.page, guest.page, sessionId);

    for (let n = 1; n <= 10; n++) await playQuestion(host.page, guest.page, n);
    for (const p of [host.page, guest.page]) await p.getByRole('dialog', { name: 'Would You Rather Complete!' }).waitFor();

    for (const side of [traffic.host, traffic.guest]) {
      // The first read when the page opened, and none after it.
      expect(side.count('GET /api/sessions/:id')).toBe(1);
      expect(side.count('POST /api/sessions/:id/answers')).toBe(10);
      // Each answer reaches the other screen only (the answering one has its reply); each move, both screens once.
      expect(side.events('session:answered')).toBe(10);
      expect(side.events('session:updated')).toBe(10);
    }
    expect(traffic.host.count('POST /api/sessions/:id/next')).toBe(10);
    expect(traffic.guest.requests.filter((r) => !r.startsWith('POST /api/sessions/:id/answers') && r !== 'GET /api/sessions/:id')).toEqual([]);
  });
});
