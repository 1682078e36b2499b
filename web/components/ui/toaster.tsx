import { useEffect, useRef } from 'react';
import { Toaster, toast } from 'sonner';
import { afterNextPaint } from '@/lib/after-paint';
import { useMediaQuery } from '@/lib/use-media-query';
import { ACTION_BAR_HEIGHT, onActionBarHeight } from './action-bar';

/** Narrower than this, the screen is a phone's: one toast at a time (docs/decisions/026). */
export const PHONE_QUERY = '(max-width: 640px)';

/**
 * Above the sticky action bar when a screen shows one (its height is set on the toaster's own holder, action-bar.tsx),
 * else above the home indicator: a toast never sits on the bar's Next or on the safe area.
 */
const bottom = (gap: string) => `calc(max(var(--action-bar-height, 0px), env(safe-area-inset-bottom, 0px)) + ${gap})`;

/**
 * The app's toasts (docs/product/home-and-shell.md#toasts, docs/decisions/026): at the bottom, where no heading or
 * control of a page sits; one at a time on a phone, up to three on a wider screen; 4 s each. Below the sticky header,
 * the menus and the dialogs (z-index 30): the account menu, the mobile navigation, the bell and an open dialog are
 * never covered, and opening one closes the toasts (`closeToasts`).
 */
export function AppToaster() {
  const phone = useMediaQuery(PHONE_QUERY);
  // The bar's height on this holder only (no box of its own): changing it restyles the toasts, not the page. Set
  // once the frame that lays the bar out is painted: the bar's observer reports inside that frame, and a style
  // changed there would take the frame through style and layout a second time (the bar comes with a partner's
  // answer: docs/performance.md, tap → partner's screen).
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let cancel = () => {};
    const unsubscribe = onActionBarHeight((height) => {
      cancel();
      cancel = afterNextPaint(() => {
        const style = holder.current?.style;
        if (height) style?.setProperty(ACTION_BAR_HEIGHT, height);
        else style?.removeProperty(ACTION_BAR_HEIGHT);
      });
    });
    return () => {
      cancel();
      unsubscribe();
    };
  }, []);
  return (
    <div ref={holder} className="contents">
      <Toaster
        position={phone ? 'bottom-center' : 'bottom-right'}
        offset={{ bottom: bottom('1.5rem'), right: '1.5rem' }}
        mobileOffset={{ bottom: bottom('0.75rem'), left: '1rem', right: '1rem' }}
        visibleToasts={phone ? 1 : 3}
        duration={4000}
        closeButton
        style={{ zIndex: 30 }}
        toastOptions={{
          // Our tokens, not the library's palette: every toast text stays above 4.5:1.
          classNames: {
            toast: '!bg-surface !text-ink !border-line !rounded-control !shadow-lift !font-sans',
            title: '!font-semibold !text-ink',
            description: '!text-ink-muted',
            success: '[&_[data-icon]]:!text-success',
            error: '[&_[data-icon]]:!text-danger',
            closeButton: '!bg-surface !text-ink-muted !border-line',
          },
        }}
      />
    </div>
  );
}

/** A dialog or a menu opening takes the screen: what the toasts said is no longer in the way of it. */
export const closeToasts = () => {
  toast.dismiss();
};
