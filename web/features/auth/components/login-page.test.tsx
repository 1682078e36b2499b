import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { browserTimeZone } from '@core/time-zone';
import { getMe } from '@core/contracts/account';
import { signIn } from '@core/contracts/auth';
import { apiError, mockFetch, reply } from '../../../../test/component/fetch-mock';
import { visitorReply } from '../../../../test/component/me';
import { renderScreen } from '../../../../test/component/render';
import { LoginPage } from './login-page';

async function logIn(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password', { exact: true }), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('the login form', () => {
  it('asks for both fields before it sends anything', async () => {
    const api = mockFetch([]);
    renderScreen(<LoginPage />, { path: '/login' });
    await logIn('ana@example.com', '');
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter both email and password');
    expect(api.sent).toEqual([]);
  });

  it('says the credentials did not work when the server refuses them, on the form and in a toast', async () => {
    const api = mockFetch([reply(signIn, apiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'))]);
    renderScreen(<LoginPage />, { path: '/login' });
    await logIn('Ana@Example.com', 'Sunshine123');
    await screen.findByText('Login failed. Please check your credentials and try again.');
    await screen.findByText('Login failed');
    expect(api.to(signIn).map((r) => r.body)).toEqual([{ email: 'ana@example.com', password: 'Sunshine123', timeZone: browserTimeZone() }]);
  });

  it("shows the server's own message for a refusal other than bad credentials (an unverified e-mail)", async () => {
    mockFetch([reply(signIn, apiError(403, 'EMAIL_NOT_VERIFIED', 'Please verify your email address before logging in'))]);
    renderScreen(<LoginPage />, { path: '/login' });
    await logIn('ana@example.com', 'Sunshine123');
    expect(await screen.findAllByText('Please verify your email address before logging in')).not.toHaveLength(0);
  });

  it('goes on to the app when the server signs the user in', async () => {
    mockFetch([reply(signIn, { json: { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' } } }), reply(getMe, visitorReply)]);
    renderScreen(<LoginPage />, { path: '/login', others: ['/'] });
    await logIn('ana@example.com', 'Sunshine123');
    await screen.findByText('landed on /');
  });
});
