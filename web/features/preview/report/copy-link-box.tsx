import { Check, Copy, Send } from 'lucide-react';
import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useCopy } from '@/lib/use-copy';

const never = () => () => {};

/** The share box: the preview's link and a button that reads "Copied!" for 2 s after copying. */
export function CopyLinkBox() {
  // The prerendered page has no address to read: it shows the path, and the browser the whole link once hydrated.
  const origin = useSyncExternalStore(
    never,
    () => location.origin,
    () => '',
  );
  const url = `${origin}/flow/1`;
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { copied, copy: copyText } = useCopy();
  const [failed, setFailed] = useState(false);

  const copy = async () => {
    const ok = await copyText(url);
    setFailed(!ok);
    // No clipboard permission: select the link so the visitor can copy it by hand.
    if (!ok) inputRef.current?.select();
  };

  return (
    <Card className="bg-surface-soft p-5 sm:p-6">
      <h2 className="flex items-center gap-2 text-base font-bold text-ink">
        <Send className="size-4 text-brand" aria-hidden />
        Share with your partner
      </h2>
      <p className="mt-1 text-sm text-ink-muted">Send them the preview and compare your profiles over dinner.</p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          Preview link
        </label>
        <input
          ref={inputRef}
          id={inputId}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="h-11 w-full min-w-0 rounded-control sm:flex-1 border border-line bg-surface px-4 text-sm text-ink focus:outline-none focus-visible:border-brand focus-visible:ring-4 focus-visible:ring-brand/20"
        />
        <Button type="button" variant={copied ? 'secondary' : 'primary'} onClick={copy} className="min-w-36">
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Copied!' : 'Copy link'}
        </Button>
      </div>
      <p role="status" className={failed ? 'mt-2 text-sm text-ink-muted' : 'sr-only'}>
        {copied ? 'Link copied to the clipboard.' : failed ? 'The link is selected: press Ctrl+C (or ⌘C) to copy it.' : ''}
      </p>
    </Card>
  );
}
