import type { Page } from 'playwright-core';
import type { GameType } from '@core/games';
import { routes } from '@core/routes';
import { apiIn } from './flows';

/** The host creates a session of the first open Would You Rather level through the API; its id. */
export const createSession = (host: Page): Promise<string> => apiIn(host).createSession();

/** Both open their seat and wait for the live connection. */
export async function openSeats(host: Page, guest: Page, sessionId: string) {
  await host.goto(`/games/would_you_rather/host-session/${sessionId}`);
  await guest.goto(`/games/would_you_rather/session/${sessionId}`);
  for (const p of [host, guest]) await p.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });
}

/**
 * From a level list on the host's screen: Start Game (Start, for questions) on the first open level, then Invite
 * Partner; the guest, on the dashboard, accepts through the bell and lands in the session at its address
 * (core/routes.ts: a question session has one address for both). Both wait for the live connection; the id.
 */
export async function startAndInviteThroughBell(host: Page, guest: Page, game: GameType): Promise<string> {
  await guest.goto('/');
  await guest.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });
  await host
    .getByRole('link', { name: /^Start( Game)?: / })
    .first()
    .click();
  await host.waitForURL(new RegExp(`${routes.hostSession(game, '')}[^/]+$`));
  const sessionId = host.url().split('/').pop()!;
  await host.getByRole('button', { name: 'Invite Partner' }).first().click();
  await guest.getByRole('button', { name: /Invitations, 1 pending/ }).click();
  await guest.getByRole('button', { name: 'Accept' }).click();
  await guest.waitForURL(new RegExp(`${routes.session(game, sessionId)}$`));
  for (const p of [host, guest]) await p.locator('html[data-realtime="on"]').waitFor({ state: 'attached' });
  return sessionId;
}

/** Picks option A or B on one screen. */
export const choose = (page: Page, which: 'A' | 'B') => page.getByRole('button', { name: new RegExp(`^Option ${which}:`) }).click();

/** One question from both screens: the host picks A, then the guest B, and the host moves on. */
export async function playQuestion(host: Page, guest: Page, n: number) {
  for (const p of [host, guest]) await p.getByText(`Question ${n} of 10`).waitFor();
  await choose(host, 'A');
  // The toast names the host by their username (docs/decisions/026), never by the seat. The previous item's toast
  // (same words) may still be fading out beside it on a busy machine: the newest is this item's.
  await guest
    .getByText(/^host\d+ has submitted an answer$/)
    .last()
    .waitFor();
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
