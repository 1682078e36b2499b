import { HeartHandshake } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { routes } from '@core/routes';

/**
 * The partner is not in the session yet (docs/product/sessions-and-games.md#the-session-screen); the host's link and
 * invite sit right here. Mid-level (`away`) the partner has been here and dropped out: the game is not starting over,
 * their seat is kept.
 */
export function WaitingBanner({
  isHost,
  hasPartner,
  away = false,
  consentedLink = false,
  children,
}: {
  isHost: boolean;
  hasPartner: boolean;
  away?: boolean;
  /** The game lets whoever opens the link link with the host and join (docs/decisions/019). */
  consentedLink?: boolean;
  children?: ReactNode;
}) {
  return (
    <div role="status" className="mb-5 flex flex-col gap-3 rounded-card bg-brand-soft p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <HeartHandshake className="size-7 shrink-0 animate-heartbeat text-brand-strong" aria-hidden />
        <div className="flex-1">
          <p className="font-bold text-brand-strong">{away ? 'Your partner stepped away…' : 'Waiting for your partner to join…'}</p>
          <p className="mt-0.5 text-sm text-ink">
            {away ? (
              'Their place is kept: the game picks up right here as soon as they are back.'
            ) : !isHost ? (
              'They will be here as soon as they open the game.'
            ) : hasPartner ? (
              'Send them the link or an invitation. The first question appears as soon as they arrive.'
            ) : consentedLink ? (
              'Send the link to your partner: when they open it, they can link with you and join in one step.'
            ) : (
              <>
                You are not linked with a partner yet.{' '}
                <Link to={routes.profile} className="font-semibold text-brand-strong underline underline-offset-2">
                  Connect on your profile
                </Link>
                .
              </>
            )}
          </p>
        </div>
      </div>
      {children && <div className="sm:pl-10">{children}</div>}
    </div>
  );
}
