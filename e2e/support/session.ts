import type { Page } from 'playwright-core';
import { apiIn } from './flows';

/** The host creates a session of the first open Would You Rather level through the API; its id. */
export const createSession = (host: Page): Promise<string> => apiIn(host).createSession();

/** Both open their seat and wait for the live connection. */
export async function openSeats(host: Page, guest: Page, sessionId: string) {
  await host.goto(`/games/would_you_rather/host-session/${sessionId}`);
  await guest.goto(`/games/would_you_rather/session/${sessionId}`);
  for (const p of [host, guest]) await p.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });
}

/** Picks option A or B on one screen. */
export const choose = (page: Page, which: 'A' | 'B') => page.getByRole('button', { name: new RegExp(`^Option ${which}:`) }).click();

/** One question from both screens: the host picks A, then the guest B, and the host moves on. */
export async function playQuestion(host: Page, guest: Page, n: number) {
  for (const p of [host, guest]) await p.getByText(`Question ${n} of 10`).waitFor();
  await choose(host, 'A');
  await guest.getByText('Host has submitted an answer').waitFor();
  await choose(guest, 'B');
  await host.getByText("Partner's Choice").first().waitFor();
  await host.getByRole('button', { name: /^Next/ }).click();
}

/** The GETs of a session's snapshot that the page itself cancelled (each one a wasted request). */
export function watchAbortedSnapshotReads(page: Page) {
  const aborted: string[] = [];
  page.on('requestfailed', (request) => {
    if (request.method() === 'GET' && /\/api\/sessions\/[^/]+$/.test(new URL(request.url()).pathname)) aborted.push(`${request.url()} ${request.failure()?.errorText}`);
  });
  return aborted;
}
