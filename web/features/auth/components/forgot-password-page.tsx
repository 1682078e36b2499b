import { KeyRound, MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@core/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ApiError } from '@/lib/api';
import { formValues } from '@/lib/form-values';
import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthCard } from './auth-card';
import { AuthForm, useValidatedSubmit } from './auth-form';
import { PASSWORD_RESET_LIFETIME_HOURS } from '@core/limits';
import { routes } from '@core/routes';

export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  // The last e-mail asked for: 'Try Different Email' brings the form back with it.
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = useValidatedSubmit(setError);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The field is uncontrolled: what a visitor typed into the prerendered page before it hydrated stays theirs.
    const values = formValues(event, ['email']);
    setEmail(values.email);
    if (request.isPending) return;
    void submit(
      (v) => v.forgotPasswordSchema,
      values,
      (input) => {
        request.mutate(input, {
          onSuccess: () => {
            toast.success(messages.toast.resetSent[0], { description: messages.toast.resetSent[1] });
            setSentTo(input.email);
          },
          onError: (err) => {
            setError(err instanceof ApiError && err.status < 500 && err.status !== 0 ? err.message : messages.auth.forgotFailedInline);
            toast.error(messages.toast.resetFailed, { description: err instanceof ApiError ? err.message : undefined });
          },
        });
      },
    );
  };

  if (sentTo) {
    return (
      <AuthCard
        title="Check Your Email"
        icon={<MailCheck className="size-7" aria-hidden />}
        subtitle={
          <>
            If an account exists for <strong className="text-ink">{sentTo}</strong>, a link to reset your password is on its way. It expires in {PASSWORD_RESET_LIFETIME_HOURS}{' '}
            hours.
          </>
        }
      >
        <div className="flex flex-col gap-3">
          <Button variant="secondary" size="lg" className="w-full" onClick={() => setSentTo(null)}>
            Try Different Email
          </Button>
          <Button asChild size="lg" className="w-full">
            <Link to={routes.login}>Back to Login</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your e-mail and we’ll send you a link to choose a new one."
      icon={<KeyRound className="size-7" aria-hidden />}
      footer={
        <Link to={routes.login} className="font-semibold text-brand-strong underline-offset-4 hover:underline">
          Back to Login
        </Link>
      }
    >
      {error && (
        <Alert tone="error" className="mb-5">
          {error}
        </Alert>
      )}
      <AuthForm onSubmit={onSubmit}>
        <Field label="Email" type="email" name="email" autoComplete="email" inputMode="email" defaultValue={email} />
        <Button type="submit" size="lg" loading={request.isPending} className="mt-2 w-full">
          Send reset link
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
