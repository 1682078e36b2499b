import { CheckCircle2, KeyRound, Link2Off } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@core/messages';
import { meetsResetRules } from '@core/validation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useResetPassword, useResetTokenCheck } from '../api/reset-password';
import { AuthCard } from './auth-card';
import { PasswordField } from './password-field';
import { PasswordStrength } from './password-strength';
import { PASSWORD_RESET_LIFETIME_HOURS } from '@core/limits';
import { routes } from '@core/routes';

const REDIRECT_MS = 2000;

/** The page's states (docs/product/accounts.md#reset-password): verifying, valid form, invalid or expired, success. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('error') ? null : params.get('token');
  const check = useResetTokenCheck(token);
  const reset = useResetPassword();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(routes.login, { replace: true, state: { message: messages.toast.passwordUpdated[1] } }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (done) {
    return (
      <AuthCard
        title="Password updated"
        icon={<CheckCircle2 className="size-7" aria-hidden />}
        subtitle="Your password has been updated successfully. Taking you to the login page…"
      >
        <Spinner label="Redirecting to login" className="py-2" />
      </AuthCard>
    );
  }
  if (token && check.isPending) {
    return (
      <AuthCard title="Checking your link" icon={<KeyRound className="size-7" aria-hidden />} subtitle="One moment while we verify your reset link.">
        <Spinner label="Verifying reset link" className="py-2" />
      </AuthCard>
    );
  }
  if (!token || !check.data?.valid) {
    return (
      <AuthCard
        title="Link invalid or expired"
        icon={<Link2Off className="size-7" aria-hidden />}
        subtitle={`This reset link can’t be used any more. Links work once and expire after ${PASSWORD_RESET_LIFETIME_HOURS} hours.`}
      >
        <Button asChild size="lg" className="w-full">
          <Link to={routes.forgotPassword}>Request New Reset Link</Link>
        </Button>
      </AuthCard>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!meetsResetRules(password, confirmPassword)) return setError(messages.auth.passwordRequirements);
    setError(null);
    reset.mutate(
      { token, password, confirmPassword },
      {
        onSuccess: () => {
          toast.success(messages.toast.passwordUpdated[0], { description: messages.toast.passwordUpdated[1] });
          setDone(true);
        },
        onError: (err) => {
          setError(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : messages.auth.resetFailedInline);
          toast.error(messages.toast.passwordUpdateFailed, { description: err instanceof ApiError ? err.message : undefined });
        },
      },
    );
  };

  return (
    <AuthCard title="Choose a new password" icon={<KeyRound className="size-7" aria-hidden />} subtitle="Make it one you haven’t used here before.">
      {error && (
        <Alert tone="error" className="mb-5">
          {error}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(null);
          }}
        />
        <PasswordStrength password={password} />
        <PasswordField
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => {
            setConfirm(e.target.value);
            setError(null);
          }}
          error={confirmPassword && confirmPassword !== password ? messages.auth.passwordsDoNotMatch : null}
        />
        <Button type="submit" size="lg" loading={reset.isPending} className="mt-2 w-full">
          Update password
        </Button>
      </form>
    </AuthCard>
  );
}
