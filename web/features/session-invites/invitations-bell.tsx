import * as Popover from '@radix-ui/react-popover';
import { Bell, Loader2 } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { closeToasts } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api';
import { messages } from '@core/messages';
import { useInvites } from './api/get-invites';
import { InviteRow } from './invite-row';
import { loadFailedToast } from './invite-texts';
import { useInviteActions } from './use-invite-actions';
import { useLiveInvites } from './use-live-invites';

/**
 * The header's invitations bell (docs/product/partners.md#the-bell): a badge with the pending count and a small
 * dropdown panel.
 */
export function InvitationsBell() {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const query = useInvites();
  const { accept, reject, busy } = useInviteActions({ onAccepted: () => setOpen(false) });
  useLiveInvites();

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
  const count = invites.length;
  const label = count > 0 ? `Invitations, ${count} pending` : 'Invitations';

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        // The panel takes the screen: no toast stays over it (docs/decisions/026).
        if (next) closeToasts();
        setOpen(next);
      }}
    >
      <Popover.Trigger
        aria-label={label}
        className="relative grid size-10 shrink-0 place-items-center rounded-full text-ink transition-colors hover:bg-brand-soft data-[state=open]:bg-brand-soft"
      >
        <Bell className="size-5" aria-hidden />
        {count > 0 && (
          <span
            aria-hidden
            className="absolute right-0.5 top-0.5 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-brand px-1 text-[0.6875rem] font-bold leading-none text-white ring-2 ring-canvas animate-pop"
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
            {count > 0 && <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand-strong">{count} pending</span>}
          </div>
          <PanelBody
            loading={query.isPending}
            failed={query.isError && !query.data}
            onRetry={() => void query.refetch()}
            className="max-h-[min(26rem,calc(100dvh-7rem))] overflow-y-auto"
          >
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
            {count === 0 && <p className="px-3 py-6 text-center text-sm text-ink-muted">No invitations right now.</p>}
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
