import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from './support/browser';
import { latestMailTo, logInThroughForm, newCredentials, signUpThroughForm } from './support/flows';
import { setupServerAndBrowser } from './support/suite';

const suite = setupServerAndBrowser();

describe('accounts in the browser', () => {
  it('sends a visitor from /games to /login, and back to /games after signing up and logging in', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server.url);
    const creds = newCredentials();
    await page.goto('/signup');
    await signUpThroughForm(page, creds);
    await page.getByRole('heading', { name: `Welcome, ${creds.username}!` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await screenshot(page, 'home-welcome');

    // Log out from the user menu.
    await page.getByRole('button', { name: `Account menu for ${creds.username}` }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Logged out successfully').waitFor();

    // A protected path remembers where the visitor wanted to go.
    await page.goto('/games');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('auth_redirect'))).toBe('/games');
    await logInThroughForm(page, { email: creds.email, password: 'wrong-Password1' });
    await page.getByText('Login failed. Please check your credentials and try again.').waitFor();
    await logInThroughForm(page, creds);
    await page.waitForURL('**/games');
    await page.getByRole('heading', { name: 'Couple Games' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_redirect'))).toBeNull();
    await screenshot(page, 'games');

    // A session survives a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Couple Games' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the documented texts for a bad signup and a bad login', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server.url);
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Please fill out all fields').waitFor();
    await page.getByLabel('Email').fill('me@example.com');
    await page.getByLabel('Username').fill('me');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Sunshine123');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Please enter both email and password').waitFor();
    await screenshot(page, 'login-error');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password through the mailed link, then logs in with the new one', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server.url);
    const creds = newCredentials('reset');
    await page.goto('/signup');
    await signUpThroughForm(page, creds);
    await page.getByRole('heading', { name: `Welcome, ${creds.username}!` }).waitFor();
    await context.clearCookies();

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(creds.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    await screenshot(page, 'forgot-check-email');

    const mail = await latestMailTo(suite.server.url, creds.email);
    const link = mail.text.match(/https?:\/\/\S+/)![0];
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('lowercase1');
    await page.getByText('3/4').waitFor();
    await page.getByLabel('Confirm new password', { exact: true }).fill('lowercase1');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Please meet all password requirements').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Moonlight42');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Moonlight42');
    await page.getByText('4/4').waitFor();
    await screenshot(page, 'reset-form');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByRole('heading', { name: 'Password updated' }).waitFor();
    await page.waitForURL('**/login', { timeout: 5000 });
    await page.getByText('Your password has been updated successfully.').first().waitFor();

    await logInThroughForm(page, { email: creds.email, password: 'Moonlight42' });
    await page.getByRole('heading', { name: `Welcome, ${creds.username}!` }).waitFor();

    // The link works once.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Link invalid or expired' }).waitFor();
    await page.getByRole('link', { name: 'Request New Reset Link' }).waitFor();
    await screenshot(page, 'reset-invalid');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deletes an account after confirmation', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server.url);
    const creds = newCredentials('delete');
    await page.goto('/signup');
    await signUpThroughForm(page, creds);
    await page.getByRole('heading', { name: `Welcome, ${creds.username}!` }).waitFor();
    await page.goto('/profile');
    await page.getByRole('heading', { name: creds.username }).waitFor();
    await screenshot(page, 'profile');
    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/flow/1');

    await page.goto('/login');
    await logInThroughForm(page, creds);
    await page.getByText('Login failed. Please check your credentials and try again.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
