import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCopy } from '@/lib/use-copy';

/** Copies text; shows "Copied!" for 2 seconds (docs/product/partners.md#partner-invite-links). */
export function CopyButton({ text, label = 'Copy link', className }: { text: string; label?: string; className?: string }) {
  const { copied, copy } = useCopy();
  const onCopy = async () => {
    if (!(await copy(text))) toast.error('Copy Failed', { description: 'Could not copy link. Please try again.' });
  };
  return (
    <Button variant="secondary" onClick={onCopy} aria-live="polite" className={className}>
      {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      {copied ? 'Copied!' : label}
    </Button>
  );
}
