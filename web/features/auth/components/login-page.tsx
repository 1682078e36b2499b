import { Heart } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@core/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ApiError } from '@/lib/api';
import { isQuestionSessionPath, peekRedirect, takeRedirect } from '@/lib/auth-redirect';
import { formValues } from '@/lib/form-values';
import { useLogin } from '../api/login';
import { AuthCard } from './auth-card';
import { AuthForm, useValidatedSubmit } from './auth-form';
import { PasswordField } from './password-field';
import { routes } from '@core/routes';

const NOTICE_MS = 5000;

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const incoming = (location.state as { message?: string } | null)?.message ?? null;
  const [expired, setExpired] = useState<string | null>(null);
  const notice = incoming !== expired ? incoming : null;
  const needsAuthNotice = isQuestionSessionPath(peekRedirect());
  // The e-mail confirmation link returns here with ?verified=1 (and &error=… when it was not valid).
  const [params] = useSearchParams();
  const verification = params.get('verified') ? (params.get('error') ? 'failed' : 'ok') : null;

  // The success notice from the navigation state hides after 5 seconds (docs/product/accounts.md#login).
  useEffect(() => {
    if (!incoming) return;
    const timer = setTimeout(() => setExpired(incoming), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [incoming]);

  const submit = useValidatedSubmit(setError);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The fields are uncontrolled: what a visitor typed into the prerendered page before it hydrated stays theirs.
    const values = formValues(event, ['email', 'password']);
    if (login.isPending) return;
    void submit(
      (v) => v.loginSchema,
      values,
      (input) => {
        login.mutate(input, {
          onSuccess: () => {
            toast.success(messages.toast.loggedIn[0], { description: messages.toast.loggedIn[1] });
            navigate(takeRedirect(), { replace: true });
          },
          onError: (err) => {
            const message = err instanceof ApiError && err.status !== 401 ? err.message : messages.auth.loginFailedInline;
            setError(message);
            toast.error(messages.toast.loginFailed[0], { description: err instanceof ApiError ? err.message : messages.toast.loginFailed[1] });
          },
        });
      },
    );
  };

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in to keep playing together."
      icon={<Heart className="size-7 fill-current" aria-hidden />}
      footer={
        <>
          New to Twogether?{' '}
          <Link to={routes.signup} className="font-semibold text-brand-strong underline-offset-4 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <div className="mb-5 flex flex-col gap-3 empty:hidden">
        {needsAuthNotice && (
          <Alert tone="info" title="Authentication Required">
            Please log in to join your partner’s question session.
          </Alert>
        )}
        {notice && <Alert tone="success">{notice}</Alert>}
        {verification === 'ok' && <Alert tone="success">Your e-mail is confirmed. Log in to start playing together.</Alert>}
        {verification === 'failed' && <Alert tone="error">This confirmation link is invalid or has expired. Log in to get a new one.</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
      </div>
      <AuthForm onSubmit={onSubmit}>
        <Field label="Email" type="email" name="email" autoComplete="email" inputMode="email" />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          aside={
            <Link to={routes.forgotPassword} className="text-sm font-semibold text-brand-strong underline-offset-4 hover:underline">
              Forgot password?
            </Link>
          }
        />
        <Button type="submit" size="lg" loading={login.isPending} className="mt-2 w-full">
          Log in
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
