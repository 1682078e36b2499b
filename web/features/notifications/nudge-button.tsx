import { BellRing, Check } from 'lucide-react';
import { messages } from '@core/messages';
import type { NudgeTarget } from '@core/notifications';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useSendNudge } from './api/send-nudge';

/**
 * "Nudge Sam" where you wait for your partner (docs/product/notifications.md#nudges): the session screen and the daily
 * question compose it (web/app). Said in place, not in a toast (decision 026): sent, or the server's polite refusal.
 */
export function NudgeButton({ target, partnerName, className }: { target: NudgeTarget; partnerName: string; className?: string }) {
  const nudge = useSendNudge();
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1', className)}>
      <Button variant="secondary" size="sm" className="min-h-11" loading={nudge.isPending} disabled={nudge.isSuccess} onClick={() => nudge.mutate(target)}>
        {nudge.isSuccess ? <Check className="size-4" aria-hidden /> : <BellRing className="size-4" aria-hidden />}
        {nudge.isSuccess ? 'Nudged' : `Nudge ${partnerName}`}
      </Button>
      <p role="status" className="text-sm text-ink-muted">
        {nudge.isSuccess ? messages.notifications.nudgeSent(partnerName) : nudge.isError ? errorMessage(nudge.error, 'Your nudge could not be sent. Please try again.') : ''}
      </p>
    </div>
  );
}
