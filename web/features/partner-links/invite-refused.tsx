import { Link2Off } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@core/messages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useInviteInviter } from './api/get-invite-inviter';
import { routes } from '@core/routes';

/**
 * An invite link that cannot be used (docs/product/partners.md#opening-a-link): why, whom to ask for a new one when
 * the link names someone who can make one, and the way on: Create an account or Log in for a visitor, the profile
 * for a signed-in user.
 */
export function InviteRefused({ token, error, signedIn }: { token: string; error: unknown; signedIn: boolean }) {
  const message = errorMessage(error, messages.toastInvites.unexpected);
  const expired = message.includes(messages.partner.inviteInvalid) || message === messages.partner.inviteExpired;
  const inviter = useInviteInviter(token, expired);
  if (expired && inviter.isPending) return <Spinner label="Opening your invitation" className="flex-1" />;
  const name = inviter.data?.inviter;
  return (
    <Page narrow className="flex flex-1 flex-col justify-center">
      <Card className="p-8 text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-brand-soft text-brand">
          <Link2Off className="size-7" aria-hidden />
        </span>
        <h1 className="mt-4 text-2xl font-extrabold text-ink">{expired ? messages.toastInvites.linkExpired : 'This invite can’t be used'}</h1>
        <p className="mt-2 leading-relaxed text-ink-muted">{message}.</p>
        <p className="mt-1 font-semibold leading-relaxed text-ink">{name ? `Ask ${name} for a new link.` : 'Ask your partner to send you a new link from their profile.'}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {signedIn ? (
            <Button asChild>
              <Link to={routes.profile}>Go to Profile</Link>
            </Button>
          ) : (
            <>
              <Button asChild>
                <Link to={routes.signup}>Create an account</Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to={routes.login}>Log in</Link>
              </Button>
            </>
          )}
        </div>
      </Card>
    </Page>
  );
}
