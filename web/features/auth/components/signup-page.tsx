import { MailCheck, Sparkles } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@core/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ApiError } from '@/lib/api';
import { takeRedirect } from '@/lib/auth-redirect';
import { formValues } from '@/lib/form-values';
import { useSignup } from '../api/signup';
import { AuthCard } from './auth-card';
import { AuthForm, useValidatedSubmit } from './auth-form';
import { PasswordField } from './password-field';
import { routes } from '@core/routes';

export function SignupPage() {
  const navigate = useNavigate();
  const signup = useSignup();
  const [error, setError] = useState<string | null>(null);
  const [checkInbox, setCheckInbox] = useState<string | null>(null);
  const submit = useValidatedSubmit(setError);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The fields are uncontrolled: what a visitor typed into the prerendered page before it hydrated stays theirs.
    const form = formValues(event, ['email', 'username', 'password', 'confirmPassword']);
    if (signup.isPending) return;
    void submit(
      (v) => v.signupSchema,
      form,
      (checked) => {
        signup.mutate(form, {
          onSuccess: (data) => {
            if (!data.token) {
              toast.success(messages.toast.accountCreatedConfirm[0], { description: messages.toast.accountCreatedConfirm[1] });
              setCheckInbox(checked.email);
              return;
            }
            toast.success(messages.toast.accountCreated);
            navigate(takeRedirect(), { replace: true });
          },
          onError: (err) => {
            setError(err instanceof ApiError ? err.message : messages.auth.signupFailedInline);
            toast.error(messages.toast.signupFailed[0], { description: err instanceof ApiError ? err.message : messages.toast.signupFailed[1] });
          },
        });
      },
    );
  };

  if (checkInbox) {
    return (
      <AuthCard
        title="Check your inbox"
        icon={<MailCheck className="size-7" aria-hidden />}
        subtitle={
          <>
            We sent a confirmation link to <strong className="text-ink">{checkInbox}</strong>. Open it to activate your account, then log in.
          </>
        }
      >
        <Button asChild size="lg" className="w-full">
          <Link to={routes.login}>Go to Login</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Two people, one shared space. It takes a minute."
      icon={<Sparkles className="size-7" aria-hidden />}
      footer={
        <>
          Already have an account?{' '}
          <Link to={routes.login} className="font-semibold text-brand-strong underline-offset-4 hover:underline">
            Log in
          </Link>
        </>
      }
    >
      {error && (
        <Alert tone="error" className="mb-5">
          {error}
        </Alert>
      )}
      <AuthForm onSubmit={onSubmit}>
        <Field label="Email" type="email" name="email" autoComplete="email" inputMode="email" />
        <Field label="Username" name="username" autoComplete="nickname" hint="What your partner will see." />
        <PasswordField label="Password" name="password" autoComplete="new-password" hint="At least 8 characters." />
        <PasswordField label="Confirm password" name="confirmPassword" autoComplete="new-password" />
        <Button type="submit" size="lg" loading={signup.isPending} className="mt-2 w-full">
          Sign up
        </Button>
        <p className="text-center text-sm text-ink-muted">
          By signing up you agree to our{' '}
          <Link to={routes.terms} className="font-semibold text-brand-strong underline underline-offset-2">
            Terms
          </Link>{' '}
          and{' '}
          <Link to={routes.privacy} className="font-semibold text-brand-strong underline underline-offset-2">
            Privacy Policy
          </Link>
          .
        </p>
      </AuthForm>
    </AuthCard>
  );
}
