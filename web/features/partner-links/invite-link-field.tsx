import { Share2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { CopyButton } from './copy-button';

/** The field and the buttons share one height, so a tap target and the link's text are never smaller than a button. */
export const CONTROL_HEIGHT = 'min-h-11';

const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * The partner invite link (docs/product/partners.md#partner-invite-links), readable on a phone: the whole width, as tall
 * as the buttons, its text scrolling sideways; Copy and Share (the Web Share API, only where the browser has it) on
 * their own line below it.
 */
export function InviteLinkField({ url }: { url: string }) {
  return (
    <>
      <input
        id="invite-link"
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className={`${CONTROL_HEIGHT} w-full min-w-0 rounded-control border border-line bg-canvas px-3 py-2.5 font-mono text-sm leading-6 text-ink`}
      />
      <div className="flex flex-wrap gap-2" data-slot="invite-link-actions">
        <CopyButton text={url} className={CONTROL_HEIGHT} />
        {canShare() && <ShareButton url={url} />}
      </div>
    </>
  );
}

function ShareButton({ url }: { url: string }) {
  const onShare = async () => {
    try {
      await navigator.share({ title: 'Twogether', text: 'Join me on Twogether: this link links our accounts.', url });
    } catch (err) {
      // Closing the share sheet is a choice, not a failure.
      if ((err as Error).name !== 'AbortError') toast.error('Could not share the link', { description: 'Copy it and send it instead.' });
    }
  };
  return (
    <Button variant="secondary" onClick={() => void onShare()} className={CONTROL_HEIGHT}>
      <Share2 className="size-4" aria-hidden /> Share
    </Button>
  );
}
