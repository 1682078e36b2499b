import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { signUp } from '@core/contracts/auth';
import { apiError, mockFetch, reply } from '../../../../test/component/fetch-mock';
import { renderScreen } from '../../../../test/component/render';
import { SignupPage } from './signup-page';

async function submitSignup(fields: Partial<{ email: string; username: string; password: string; confirm: string }>) {
  const user = userEvent.setup();
  if (fields.email) await user.type(screen.getByLabelText('Email'), fields.email);
  if (fields.username) await user.type(screen.getByLabelText('Username'), fields.username);
  if (fields.password) await user.type(screen.getByLabelText('Password', { exact: true }), fields.password);
  if (fields.confirm) await user.type(screen.getByLabelText('Confirm password', { exact: true }), fields.confirm);
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
}

const complete = { email: 'ana@example.com', username: 'Ana', password: 'Sunshine123', confirm: 'Sunshine123' };
const alertText = async () => (await screen.findByRole('alert')).textContent;

/** The browser says it is in `zone`, as Intl tells the page. */
function browserIn(zone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: zone };
  });
  onTestFinished(() => spy.mockRestore());
}

describe('the signup form', () => {
  it.each([
    ['a field is empty', { ...complete, username: '' }, 'Please fill out all fields'],
    ['the e-mail is not one', { ...complete, email: 'ana-at-example' }, 'Please enter a valid email address'],
    ['the password is short', { ...complete, password: 'Sun1', confirm: 'Sun1' }, 'Password must be at least 8 characters long'],
    ['the passwords differ', { ...complete, confirm: 'Sunshine124' }, 'Passwords do not match'],
  ])('says so, and sends nothing, when %s', async (_, fields, message) => {
    const api = mockFetch([]);
    renderScreen(<SignupPage />, { path: '/signup' });
    await submitSignup(fields);
    expect(await alertText()).toContain(message);
    expect(api.sent).toEqual([]);
  });

  it('shows the server’s refusal of a taken e-mail, on the form and in a toast', async () => {
    const api = mockFetch([reply(signUp, apiError(422, 'USER_ALREADY_EXISTS', 'An account with this email already exists'))]);
    renderScreen(<SignupPage />, { path: '/signup' });
    await submitSignup(complete);
    expect(await alertText()).toContain('An account with this email already exists');
    await screen.findByText('Signup failed');
    expect(api.to(signUp)).toHaveLength(1);
  });

  it('says signup failed when the server cannot be reached', async () => {
    mockFetch([reply(signUp, 'offline')]);
    renderScreen(<SignupPage />, { path: '/signup' });
    await submitSignup(complete);
    expect(await alertText()).toContain('We could not reach Twogether. Check your connection and try again.');
  });

  it('sends the browser’s time zone with the new account', async () => {
    browserIn('Asia/Tokyo');
    const api = mockFetch([reply(signUp, { json: { token: null, user: { id: 'u1', email: 'ana@example.com', name: 'Ana' } } })]);
    renderScreen(<SignupPage />, { path: '/signup' });
    await submitSignup(complete);
    await screen.findByRole('heading', { name: 'Check your inbox' });
    expect(api.to(signUp).map((r) => (r.body as { timeZone?: string }).timeZone)).toEqual(['Asia/Tokyo']);
  });

  it('asks the new user to check their inbox when the e-mail must be confirmed first', async () => {
    mockFetch([reply(signUp, { json: { token: null, user: { id: 'u1', email: 'ana@example.com', name: 'Ana' } } })]);
    renderScreen(<SignupPage />, { path: '/signup' });
    await submitSignup(complete);
    await screen.findByRole('heading', { name: 'Check your inbox' });
    screen.getByText('ana@example.com');
  });
});
