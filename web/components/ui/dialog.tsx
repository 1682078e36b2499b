import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { cn } from '@/lib/cn';
import { closeToasts } from './toaster';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Hide the close button when the dialog needs an explicit choice. */
  dismissible?: boolean;
}

export function Dialog({ open, onOpenChange, title, description, children, className, dismissible = true }: DialogProps) {
  // A dialog takes the screen: no toast stays over it (docs/decisions/026).
  useEffect(() => {
    if (open) closeToasts();
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-scrim backdrop-blur-[2px]" />
        <RadixDialog.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-card bg-surface p-6 shadow-lift animate-pop focus:outline-none',
            className,
          )}
          onEscapeKeyDown={dismissible ? undefined : (e) => e.preventDefault()}
          onPointerDownOutside={dismissible ? undefined : (e) => e.preventDefault()}
        >
          <RadixDialog.Title className="pr-8 text-base font-bold text-balance text-ink min-[400px]:text-lg sm:text-xl">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-2 text-ink-muted leading-relaxed">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          <div className="mt-5">{children}</div>
          {dismissible && (
            <RadixDialog.Close className="absolute right-4 top-4 rounded-full p-1.5 text-ink-muted hover:bg-brand-soft hover:text-ink" aria-label="Close">
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
