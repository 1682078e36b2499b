import { CheckCircle2, MailWarning } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { messages } from '@core/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useSendConfirmation } from './api/send-confirmation';

const m = messages.notifications;

/** The confirmation mail's state, shared by every "Send confirmation" button of the section. */
export type Confirmation = ReturnType<typeof useSendConfirmation>;
export { useSendConfirmation };

/**
 * Whether mail can reach the person (docs/product/notifications.md#your-address): a confirmed address, or the button
 * that sends the link, which returns here. Back from the link, `?confirmed=1` (with `&error=` when it had expired).
 */
export function AddressStatus({ email, verified, confirmation }: { email: string; verified: boolean; confirmation: Confirmation }) {
  const [params] = useSearchParams();
  const back = params.get('confirmed') === '1';
  const error = params.get('error');

  return (
    <div className="flex flex-col gap-3 py-4">
      {back && !error && verified && <Alert tone="success">{m.addressConfirmed}</Alert>}
      {back && error && <Alert tone="error">{error === 'TOKEN_EXPIRED' ? m.confirmationExpired : m.confirmationInvalid}</Alert>}
      {verified ? (
        <p className="flex items-start gap-2 text-sm text-ink">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          <span>
            Mail goes to <strong className="break-all">{email}</strong>, which is confirmed.
          </span>
        </p>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-start gap-2 text-sm text-ink">
            <MailWarning className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden />
            <span>
              <strong className="break-all">{email}</strong> is not confirmed yet. Mail from Twogether goes only to a confirmed address.
            </span>
          </p>
          <ConfirmButton email={email} confirmation={confirmation} />
        </div>
      )}
      <ConfirmationResult email={email} confirmation={confirmation} />
    </div>
  );
}

/** "Send confirmation": one mail, its link back to the profile. */
export function ConfirmButton({ email, confirmation, size = 'sm' }: { email: string; confirmation: Confirmation; size?: 'sm' | 'md' }) {
  return (
    <Button variant="secondary" size={size} className="shrink-0 self-start" loading={confirmation.isPending} onClick={() => confirmation.mutate(email)}>
      Send confirmation
    </Button>
  );
}

/** What became of the mail, said once for the whole section. */
function ConfirmationResult({ email, confirmation }: { email: string; confirmation: Confirmation }) {
  return (
    <>
      <p role="status" className="text-sm text-ink-muted">
        {confirmation.isSuccess ? m.confirmationSent(email) : ''}
      </p>
      {confirmation.isError && <Alert tone="error">{errorMessage(confirmation.error, 'We could not send the confirmation mail.')}</Alert>}
    </>
  );
}
