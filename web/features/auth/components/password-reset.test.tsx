import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { checkResetToken } from '@core/contracts/account';
import { requestPasswordReset, resetPassword } from '@core/contracts/auth';
import { apiError, mockFetch, reply } from '../../../../test/component/fetch-mock';
import { renderScreen } from '../../../../test/component/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

const alertText = async () => (await screen.findByRole('alert')).textContent;

describe('the forgot-password form', () => {
  it.each([
    ['', 'Please enter your email address'],
    ['ana-at-example', 'Please enter a valid email address'],
  ])('refuses %j with the documented text and sends nothing', async (email, message) => {
    const api = mockFetch([]);
    renderScreen(<ForgotPasswordPage />, { path: '/forgot-password' });
    const user = userEvent.setup();
    if (email) await user.type(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await alertText()).toContain(message);
    expect(api.sent).toEqual([]);
  });

  it('says the mail could not be sent when the server fails', async () => {
    mockFetch([reply(requestPasswordReset, apiError(500, 'INTERNAL', 'Something went wrong on our side. Please try again.'))]);
    renderScreen(<ForgotPasswordPage />, { path: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await alertText()).toContain('Failed to send password reset email');
    await screen.findByText('Password reset failed');
  });
});

describe('the reset-password form', () => {
  const path = '/reset-password?token=abcDEF123456abcDEF123456';

  it('says the link is invalid or expired when the server no longer knows the token', async () => {
    mockFetch([reply(checkResetToken, { json: { valid: false } })]);
    renderScreen(<ResetPasswordPage />, { path, route: '/reset-password' });
    await screen.findByRole('heading', { name: 'Link invalid or expired' });
    expect(screen.getByRole('link', { name: 'Request New Reset Link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('asks for every password rule and for matching passwords before it sends anything', async () => {
    const api = mockFetch([reply(checkResetToken, { json: { valid: true } })]);
    renderScreen(<ResetPasswordPage />, { path, route: '/reset-password' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'sunshine');
    await user.type(screen.getByLabelText('Confirm new password'), 'sunshin');
    screen.getByText('Passwords do not match');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await alertText()).toContain('Please meet all password requirements');
    expect(api.to(resetPassword)).toEqual([]);
  });

  it("shows the server's refusal of a token used in the meantime", async () => {
    const api = mockFetch([reply(checkResetToken, { json: { valid: true } }), reply(resetPassword, apiError(400, 'INVALID_TOKEN', 'Invalid or expired reset link'))]);
    renderScreen(<ResetPasswordPage />, { path, route: '/reset-password' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Sunshine123');
    await user.type(screen.getByLabelText('Confirm new password'), 'Sunshine123');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await alertText()).toContain('Invalid or expired reset link');
    await screen.findByText('Password update failed');
    expect(api.to(resetPassword).map((r) => r.body)).toEqual([{ token: 'abcDEF123456abcDEF123456', password: 'Sunshine123', confirmPassword: 'Sunshine123' }]);
  });
});
