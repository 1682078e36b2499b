import { Clock } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useSwitchToOwnPace } from './api/switch-to-own-pace';

/** In the host's waiting banner: rather than wait, answer now and let the partner answer in their own time. */
export function SwitchToOwnPace({ sessionId, partner }: { sessionId: string; partner: string }) {
  const change = useSwitchToOwnPace(sessionId);
  const onClick = () => change.mutate(undefined, { onError: (err) => toast.error('Could not switch', { description: errorMessage(err, 'Please try again.') }) });
  return (
    <div className="flex flex-col items-start gap-2 border-t border-brand/15 pt-3">
      <p className="text-sm text-ink">
        Not a good moment for {partner}? Answer now; they answer when it suits them, and you each see both answers once you&apos;ve both given them.
      </p>
      <Button variant="secondary" size="sm" onClick={onClick} loading={change.isPending}>
        {!change.isPending && <Clock className="size-4" aria-hidden />}
        Play at your own pace instead
      </Button>
    </div>
  );
}
