import * as Popover from '@radix-ui/react-popover';
import { Bell, Loader2 } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { closeToasts } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api';
import { useRealtimeEvent } from '@/lib/realtime';
import { showAppBadge } from '@/lib/app-badge';
import { useYourTurn } from '@/lib/your-turn';
import { messages } from '@core/messages';
import { useInvites } from './api/get-invites';
import { InviteRow } from './invite-row';
import { loadFailedToast } from './invite-texts';
import { useInviteActions } from './use-invite-actions';
import { useLiveInvites } from './use-live-invites';
import { useLiveNudges } from './use-live-nudges';
import { NudgeRow } from './nudge-row';
import { YourTurnRow } from './your-turn-row';

/**
 * The header's invitations bell (docs/product/partners.md#the-bell): a badge with the pending count and a small
 * dropdown panel; "your turn" entries (docs/product/daily-question.md#on-the-dashboard-and-in-the-bell) above the
 * invitations, counted in the badge too.
 */
export function InvitationsBell() {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const query = useInvites();
  const turns = useYourTurn();
  const { accept, reject, busy } = useInviteActions({ onAccepted: () => setOpen(false) });
  useLiveInvites();
  const live = useLiveNudges();
  // A partner's daily answer changes what waits here; own-pace answers are read again on each opening and focus.
  useRealtimeEvent('daily:answered', () => void turns.refetch());
  // At your own pace each member is sent their own state after every answer: what waits for you may have changed.
  useRealtimeEvent('session:updated', ({ live }) => {
    if (live.session.pace === 'own') void turns.refetch();
  });

  // One toast per failed load, not per render.
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError)
      toast.error(loadFailedToast.title, {
        id: 'invites-load-failed',
        description: loadFailedToast.description(errorMessage(error, messages.toastInvites.unexpected)),
      });
  }, [isError, error, errorUpdatedAt]);

  const invites = query.data?.invites ?? [];
  const yourTurn = turns.data?.yourTurn ?? [];
  // The installed app's icon counts what waits for your turn, as a push does when the app is closed.
  const waiting = turns.data ? yourTurn.length : null;
  useEffect(() => {
    if (waiting !== null) showAppBadge(waiting);
  }, [waiting]);
  const partnerName = turns.data?.partner?.username ?? 'Your partner';
  const nudges = live.nudges;
  const count = invites.length + yourTurn.length + nudges.length;
  // The name stays the invitations' (as before "your turn" joined); the badge's total is told in the description.
  // The badge shows everything waiting (invitations and your turn): the name says that number too (WCAG 2.5.3).
  const pending = invites.length > 0 ? `Invitations, ${invites.length} pending` : 'Invitations';
  const nudged = nudges.length > 0 ? `, ${nudges.length} ${nudges.length === 1 ? 'nudge' : 'nudges'}` : '';
  const label = yourTurn.length + nudges.length > 0 ? `${pending}${nudged}, ${yourTurn.length} your turn, ${count} in all` : pending;
  const turnsId = useId();

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        // The panel takes the screen: no toast stays over it (docs/decisions/026).
        if (next) {
          closeToasts();
          void turns.refetch();
        }
        setOpen(next);
      }}
    >
      <Popover.Trigger
        aria-label={label}
        aria-describedby={yourTurn.length > 0 ? turnsId : undefined}
        className="relative grid size-10 shrink-0 place-items-center rounded-full text-ink transition-colors hover:bg-brand-soft data-[state=open]:bg-brand-soft"
      >
        <Bell className="size-5" aria-hidden />
        {yourTurn.length > 0 && (
          <span id={turnsId} className="sr-only">
            {yourTurn.length === 1 ? '1 thing waits for your turn' : `${yourTurn.length} things wait for your turn`}
          </span>
        )}
        {count > 0 && (
          <span
            aria-hidden
            className="absolute right-0.5 top-0.5 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-brand px-1 text-[0.6875rem] font-bold leading-none text-on-fill ring-2 ring-canvas animate-pop"
          >
            {count > 9 ? '9+' : count}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={10}
          collisionPadding={12}
          aria-labelledby={titleId}
          className="z-50 w-80 max-w-[calc(100vw-1.5rem)] rounded-card bg-surface p-2 shadow-lift ring-1 ring-line outline-none animate-pop"
        >
          <div className="flex items-center justify-between px-3 pb-1 pt-2">
            <h2 id={titleId} className="text-base font-bold text-ink">
              Invitations
            </h2>
            {invites.length > 0 && <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand-strong">{invites.length} pending</span>}
          </div>
          <PanelBody
            loading={query.isPending}
            failed={query.isError && !query.data}
            onRetry={() => void query.refetch()}
            className="max-h-[min(26rem,calc(100dvh-7rem))] overflow-y-auto"
          >
            {nudges.length > 0 && (
              <ul className="flex flex-col gap-0.5 pb-1" aria-label="Nudges">
                {nudges.map((nudge) => (
                  <NudgeRow
                    key={live.keyOf(nudge)}
                    nudge={nudge}
                    onOpen={() => {
                      live.dismiss(nudge);
                      setOpen(false);
                    }}
                  />
                ))}
              </ul>
            )}
            {yourTurn.length > 0 && (
              <>
                <h3 className="px-3 pt-2 text-xs font-bold uppercase tracking-wide text-ink-muted">Your turn</h3>
                <ul className="flex flex-col gap-0.5 pb-1">
                  {yourTurn.map((entry) => (
                    <YourTurnRow key={entry.kind === 'session' ? entry.sessionId : entry.day} entry={entry} partnerName={partnerName} onOpen={() => setOpen(false)} />
                  ))}
                </ul>
              </>
            )}
            <ul className="flex flex-col gap-0.5">
              {invites.map((invite) => (
                <InviteRow
                  key={invite.id}
                  invite={invite}
                  pending={busy?.inviteId === invite.id ? busy.status : undefined}
                  disabled={!!busy}
                  onAccept={() => accept(invite)}
                  onReject={() => reject(invite)}
                />
              ))}
            </ul>
            {invites.length === 0 && <p className="px-3 py-6 text-center text-sm text-ink-muted">No invitations right now.</p>}
          </PanelBody>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function PanelBody({ loading, failed, onRetry, className, children }: { loading: boolean; failed: boolean; onRetry: () => void; className?: string; children: ReactNode }) {
  if (loading)
    return (
      <div role="status" className="flex justify-center py-8">
        <Loader2 className="size-6 animate-spin text-brand" aria-hidden />
        <span className="sr-only">Loading invitations</span>
      </div>
    );
  if (failed)
    return (
      <div className="px-3 py-6 text-center text-sm text-ink-muted">
        <p>We couldn't load your invitations.</p>
        <button type="button" onClick={onRetry} className="mt-2 rounded-full px-3 py-1 font-semibold text-brand-strong hover:bg-brand-soft">
          Try again
        </button>
      </div>
    );
  return <div className={className}>{children}</div>;
}
