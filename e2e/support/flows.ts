import type { Page } from 'playwright-core';

let counter = 0;
export function newCredentials(prefix = 'e2e') {
  counter++;
  const id = `${Date.now().toString(36)}${counter}`;
  return { email: `${prefix}-${id}@example.com`, username: `${prefix}${counter}`, password: 'Sunshine123' };
}

export async function signUpThroughForm(page: Page, creds: { email: string; username: string; password: string }) {
  await page.getByLabel('Email').fill(creds.email);
  await page.getByLabel('Username').fill(creds.username);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(creds.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
}

export async function logInThroughForm(page: Page, creds: { email: string; password: string }) {
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

/** POSTs JSON from inside the page, with its cookies and origin, as the app itself would. */
export const postJson = (page: Page, url: string, body: unknown = {}) =>
  page.evaluate(
    async ([u, b]) => {
      const res = await fetch(u as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
      return { status: res.status, json: await res.json() };
    },
    [url, body] as const,
  );

/** GETs JSON from inside the page. */
export const getJson = (page: Page, url: string) => page.evaluate(async (u) => (await fetch(u)).json(), url);

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
  const { json: invite } = await postJson(host, '/api/partner/invites');
  const accepted = await postJson(guest, '/api/partner/invites/accept', { token: invite.token });
  if (accepted.status !== 200) throw new Error(`linking failed: ${JSON.stringify(accepted.json)}`);
}
