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
