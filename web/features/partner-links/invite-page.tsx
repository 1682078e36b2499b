import { HeartHandshake, Link2Off } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { messages } from '@core/messages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { HeroCard } from '@/components/ui/hero-card';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { rememberRedirect } from '@/lib/auth-redirect';
import { rememberInviteToken } from '@/lib/pending-invite';
import { useMe } from '@/lib/me';
import { useInviteLookup } from './api/lookup-invite';
import { PARTNER_INVITE_LIFETIME_HOURS } from '@core/limits';

/**
 * Where an invite link lands. A signed-in user goes straight to the profile, which accepts it. A visitor sees
 * who invited them and signs up (or logs in); the token waits in local storage and is accepted on arrival.
 */
export function InvitePage() {
  const { token = '' } = useParams();
  const me = useMe();
  const lookup = useInviteLookup(token);

  useEffect(() => {
    if (me.data === null && lookup.isSuccess) {
      rememberInviteToken(token);
      rememberRedirect('/profile');
    }
  }, [me.data, lookup.isSuccess, token]);

  if (me.isPending || lookup.isPending) return <Spinner label="Opening your invitation" className="flex-1" />;
  if (me.data && lookup.isSuccess) return <Navigate to={`/profile?invite=${encodeURIComponent(token)}`} replace />;

  if (lookup.isError) {
    const message = errorMessage(lookup.error, messages.toastInvites.unexpected);
    const expired = message.includes(messages.partner.inviteInvalid) || message === messages.partner.inviteExpired;
    return (
      <Page narrow className="flex flex-1 flex-col justify-center">
        <Card className="p-8 text-center">
          <span className="mx-auto grid size-14 place-items-center rounded-full bg-brand-soft text-brand">
            <Link2Off className="size-7" aria-hidden />
          </span>
          <h1 className="mt-4 text-2xl font-extrabold text-ink">{expired ? messages.toastInvites.linkExpired : 'This invite can’t be used'}</h1>
          <p className="mt-2 text-ink-muted leading-relaxed">{message}. Ask your partner to send you a new link from their profile.</p>
          <Button asChild className="mt-6">
            <Link to={me.data ? '/profile' : '/signup'}>{me.data ? 'Go to Profile' : 'Create an account'}</Link>
          </Button>
        </Card>
      </Page>
    );
  }

  const sender = lookup.data.sender.username;
  return (
    <HeroCard icon={HeartHandshake} title={`${sender} invited you`}>
      <p className="mx-auto mt-3 max-w-sm text-ink-muted leading-relaxed">
        Join {sender} on Twogether to answer questions together and play real-time games for two. Create your account and you’ll be linked right away.
      </p>
      <div className="mt-7 flex flex-col gap-3">
        <Button asChild size="lg">
          <Link to="/signup">Sign up and connect</Link>
        </Button>
        <Button asChild variant="secondary" size="lg">
          <Link to="/login">I already have an account</Link>
        </Button>
      </div>
      <p className="mt-5 text-xs text-ink-muted">This link works once and expires {PARTNER_INVITE_LIFETIME_HOURS} hours after it was made.</p>
    </HeroCard>
  );
}
