import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormEvent, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { signUp } from '@core/contracts/auth';
import { messages } from '@core/messages';
import * as validation from '@core/validation';
import { mockFetch, reply } from '../../../../test/component/fetch-mock';
import { renderScreen } from '../../../../test/component/render';
import { AuthForm, type Validation, useValidatedSubmit } from './auth-form';
import { SignupPage } from './signup-page';

/** A form that checks an e-mail through the hook, with the validation's chunk as `load` gives it. */
function EmailForm({ load }: { load: () => Promise<Validation> }) {
  const [said, setSaid] = useState<string | null>(null);
  const submit = useValidatedSubmit(setSaid, load);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(
      (v) => v.forgotPasswordSchema,
      { email: 'ana@example.com' },
      (checked) => setSaid(`valid: ${checked.email}`),
    );
  };
  return (
    <AuthForm onSubmit={onSubmit}>
      <button type="submit">Send</button>
      <output>{said}</output>
    </AuthForm>
  );
}

describe('an account form that needs its validation', () => {
  it('says the app could not be reached when the validation cannot be fetched, and lets the next submit try again', async () => {
    let online = false;
    const load = () => (online ? Promise.resolve(validation) : Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(<EmailForm load={load} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(messages.http.unreachable);
    online = true;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('valid: ana@example.com');
  });

  it('sends the sign-up once, however often it is submitted while the validation comes', async () => {
    const api = mockFetch([reply(signUp, { json: { token: null, user: { id: 'u1', email: 'ana@example.com', name: 'Ana' } } })]);
    renderScreen(<SignupPage />, { path: '/signup' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Username'), 'Ana');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'Sunshine123');
    await user.type(screen.getByLabelText('Confirm password'), 'Sunshine123');
    const form = screen.getByRole('button', { name: 'Sign up' }).closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    fireEvent.submit(form);
    await screen.findByText('Check your inbox');
    expect(api.to(signUp)).toHaveLength(1);
  });
});
