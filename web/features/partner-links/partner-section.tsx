import { Crown, HeartHandshake, Link2, RefreshCw, Unlink } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { connectedLabel, daysTogether } from '@core/dates';
import { messages } from '@core/messages';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardText, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api';
import type { Me } from '@/lib/me';
import { useCurrentInvite, useGenerateInvite, useUnlinkPartner } from './api/partner-invites';
import { InviteLinkField } from './invite-link-field';
import { useNow } from '@/lib/use-now';

/**
 * The profile's partner section (docs/product/partners.md#partner-invite-links, #unlinking): the partner, refresh,
 * invite link, copy, unlink.
 */
export function PartnerSection({
  me,
  onRefresh,
  refreshing,
  accepting,
  alreadyLinkedWith = null,
}: {
  me: Me;
  onRefresh(): void;
  refreshing: boolean;
  accepting: boolean;
  /** Set when an invite link brought a user who already has a partner here: says why nothing was linked. */
  alreadyLinkedWith?: string | null;
}) {
  return (
    <Card aria-labelledby="partner-heading">
      <div className="flex items-start justify-between gap-3">
        <CardTitle id="partner-heading" className="text-lg">
          Your partner
        </CardTitle>
        <Button variant="ghost" size="sm" onClick={onRefresh} loading={refreshing} aria-label="Refresh partner status">
          {!refreshing && <RefreshCw className="size-4" aria-hidden />} Refresh
        </Button>
      </div>
      {accepting ? (
        <Alert tone="info" className="mt-4">
          Linking you with your partner…
        </Alert>
      ) : me.partner ? (
        <>
          {alreadyLinkedWith && (
            <Alert tone="info" title={`You're already linked with ${alreadyLinkedWith}`} className="mt-4">
              An invite link links two people without a partner, so this one was not used. To link with someone else, unlink first.
            </Alert>
          )}
          <LinkedPartner partner={me.partner} gold={me.gold} />
        </>
      ) : (
        <InvitePartner />
      )}
    </Card>
  );
}

function LinkedPartner({ partner, gold }: { partner: NonNullable<Me['partner']>; gold: boolean }) {
  const now = useNow();
  const unlink = useUnlinkPartner();
  const [confirming, setConfirming] = useState(false);
  const onUnlink = () =>
    unlink.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Partner unlinked', { description: `You and ${partner.username} are no longer linked.` });
      },
      onError: (err) => toast.error(messages.toastInvites.errorUnlinking, { description: errorMessage(err, messages.toastInvites.unexpected) }),
    });
  return (
    <>
      <div className="mt-4 flex items-center gap-3 rounded-control bg-brand-soft/60 p-4">
        <Avatar name={partner.username} tone="amber" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-ink">{partner.username}</p>
          <p className="text-sm text-ink-muted">{connectedLabel(daysTogether(partner.linkedAt, now))}</p>
        </div>
        <HeartHandshake className="size-6 text-brand" aria-hidden />
      </div>
      <Button variant="secondary" className="mt-4" onClick={() => setConfirming(true)}>
        <Unlink className="size-4" aria-hidden /> Unlink
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Unlink from ${partner.username}?`}
        description="You’ll both stop sharing sessions and the dashboard, and you can link again with a new invite."
      >
        <p className="mb-5 text-sm leading-relaxed text-ink-muted">{messages.memories.unlinkRule}</p>
        {gold && (
          // Said before, not after (docs/product/plans.md#who-has-gold): /api/me tells only that the couple has Gold.
          <p className="mb-5 flex items-start gap-3 rounded-control bg-gold-soft px-4 py-3 text-sm leading-relaxed text-ink">
            <Crown className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden />
            <span>
              <strong className="font-semibold">Lifetime Gold stays with the partner who bought it;</strong> the other goes back to the free plan.
            </span>
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={unlink.isPending}>
            Stay linked
          </Button>
          <Button variant="danger" onClick={onUnlink} loading={unlink.isPending}>
            Unlink
          </Button>
        </div>
      </Dialog>
    </>
  );
}

function InvitePartner() {
  const current = useCurrentInvite(true);
  const generate = useGenerateInvite();
  const invite = current.data?.invite ?? null;
  const onGenerate = () =>
    generate.mutate(undefined, {
      onError: (err) => toast.error(messages.toastInvites.errorGenerating, { description: errorMessage(err, messages.toastInvites.unexpected) }),
    });
  return (
    <div className="mt-3 flex flex-col gap-4">
      <CardText className="text-sm">
        Send your partner a private link. When they open it and sign up (or log in), your accounts are linked and everything you play is shared.
      </CardText>
      {invite && (
        <div className="flex flex-col gap-2">
          <label htmlFor="invite-link" className="text-sm font-semibold text-ink">
            Your invite link
          </label>
          <InviteLinkField url={invite.url} />
          <p className="text-xs text-ink-muted">Works once, until {new Date(invite.expiresAt).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}.</p>
        </div>
      )}
      <Button
        onClick={onGenerate}
        loading={generate.isPending}
        variant={invite ? 'secondary' : 'primary'}
        className="self-start"
        aria-describedby={invite ? 'invite-replace-note' : undefined}
      >
        <Link2 className="size-4" aria-hidden /> {invite ? 'Generate a new link' : 'Generate invite link'}
      </Button>
      {invite && (
        <p id="invite-replace-note" className="-mt-2 text-xs text-ink-muted">
          A new link replaces this one: the old link stops working.
        </p>
      )}
    </div>
  );
}
