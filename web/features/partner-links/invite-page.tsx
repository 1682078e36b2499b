import { HeartHandshake } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { HeroCard } from '@/components/ui/hero-card';
import { Spinner } from '@/components/ui/spinner';
import { rememberRedirect } from '@/lib/auth-redirect';
import { rememberInviteToken } from '@/lib/pending-invite';
import { useMe } from '@/lib/me';
import { useInviteLookup } from './api/lookup-invite';
import { InviteRefused } from './invite-refused';
import { PARTNER_INVITE_LIFETIME_HOURS } from '@core/limits';
import { routes } from '@core/routes';

/**
 * Where an invite link lands. A signed-in user goes straight to the profile, which accepts it (or, already linked,
 * says with whom). A visitor sees who invited them and signs up (or logs in); the token waits in local storage and is
 * accepted on arrival.
 */
export function InvitePage() {
  const { token = '' } = useParams();
  const me = useMe();
  const lookup = useInviteLookup(token);

  useEffect(() => {
    if (me.data === null && lookup.isSuccess) {
      rememberInviteToken(token);
      rememberRedirect(routes.profile);
    }
  }, [me.data, lookup.isSuccess, token]);

  if (me.isPending) return <Spinner label="Opening your invitation" className="flex-1" />;
  // Already linked: the profile says with whom, whatever the link (use-auto-accept-invite.ts).
  if (me.data?.partner || (me.data && lookup.isSuccess)) return <Navigate to={`${routes.profile}?invite=${encodeURIComponent(token)}`} replace />;
  if (lookup.isPending) return <Spinner label="Opening your invitation" className="flex-1" />;

  if (lookup.isError) return <InviteRefused token={token} error={lookup.error} signedIn={Boolean(me.data)} />;

  const sender = lookup.data.sender.username;
  return (
    <HeroCard icon={HeartHandshake} title={`${sender} invited you`}>
      <p className="mx-auto mt-3 max-w-sm text-ink-muted leading-relaxed">
        Join {sender} on Twogether to answer questions together and play real-time games for two. Create your account and you’ll be linked right away.
      </p>
      <div className="mt-7 flex flex-col gap-3">
        <Button asChild size="lg">
          <Link to={routes.signup}>Sign up and connect</Link>
        </Button>
        <Button asChild variant="secondary" size="lg">
          <Link to={routes.login}>I already have an account</Link>
        </Button>
      </div>
      <p className="mt-5 text-xs text-ink-muted">This link works once and expires {PARTNER_INVITE_LIFETIME_HOURS} hours after it was made.</p>
    </HeroCard>
  );
}
