import type { Page } from 'playwright-core';
import { ApiClient, parseJson, type Transport } from '../../test/api-client';

let counter = 0;
export function newCredentials(prefix = 'e2e') {
  counter++;
  const id = `${Date.now().toString(36)}${counter}`;
  return { email: `${prefix}-${id}@example.com`, username: `${prefix}${counter}`, password: 'Sunshine123' };
}

/** The page's React is running (web/main.tsx): a prerendered form is on screen before it is (decision 043). */
export const appReady = (page: Page) => page.locator('html[data-ready]').waitFor({ state: 'attached' });

type SignUpCredentials = { email: string; username: string; password: string };

/** The sign-up form filled in, not sent: also before the page runs (its fields are in the prerendered HTML). */
export async function fillSignUp(page: Page, creds: SignUpCredentials) {
  await page.getByLabel('Email').fill(creds.email);
  await page.getByLabel('Username').fill(creds.username);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(creds.password);
}

export async function signUpThroughForm(page: Page, creds: SignUpCredentials) {
  await appReady(page);
  await fillSignUp(page, creds);
  await page.getByRole('button', { name: 'Sign up' }).click();
}

export async function logInThroughForm(page: Page, creds: { email: string; password: string }) {
  await appReady(page);
  await page.getByLabel('Email').fill(creds.email);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The newest dev-outbox mail to this address, read through the app's own dev mailbox API. */
export async function latestMailTo(baseURL: string, to: string): Promise<{ subject: string; text: string }> {
  for (let i = 0; i < 50; i++) {
    const { messages } = (await (await fetch(`${baseURL}/api/dev/mailbox`)).json()) as { messages: { to: string; subject: string; text: string }[] };
    const mail = messages.find((m) => m.to === to);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}

/** Requests sent by `fetch` inside the page, with its cookies and origin, as the app itself sends them. */
export function pageTransport(page: Page): Transport {
  return async (request) => {
    const { status, text } = await page.evaluate(async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: body === undefined ? undefined : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    }, request);
    return { status, text, json: parseJson(text), cookie: '' };
  };
}

/** The shared test client (test/api-client.ts), acting as whoever is signed in on this page. */
export const apiIn = (page: Page) => new ApiClient(pageTransport(page));

/** POSTs JSON from inside the page; the status is the caller's to check. */
export const postJson = async (page: Page, url: string, body: unknown = {}) => {
  const { status, json } = await apiIn(page).send('POST', url, { body });
  return { status, json: json as any };
};

/** GETs JSON from inside the page. */
export const getJson = async (page: Page, url: string): Promise<any> => (await apiIn(page).send('GET', url)).json;

/** Two new users sign up through the form, one in each page, and link through the invite API. */
export async function signUpAndLink(host: Page, guest: Page) {
  for (const [page, creds] of [
    [host, newCredentials('host')],
    [guest, newCredentials('guest')],
  ] as const) {
    await page.goto('/signup');
    await signUpThroughForm(page, creds);
    await page.getByRole('heading', { name: `Welcome, ${creds.username}!` }).waitFor();
  }
  await apiIn(guest).acceptInviteLink(await apiIn(host).createInviteLink());
}
