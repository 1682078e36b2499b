import { type RefObject, useEffect, useRef } from 'react';
import { actionBarHeight } from '@/components/ui/action-bar';
import { closeToasts } from '@/components/ui/toaster';
import { afterNextPaint } from '@/lib/after-paint';
import { prefersReducedMotion } from '@/lib/confetti';

/**
 * When both answers are revealed, the reveal (the board's `[data-reveal]`) scrolls into view above the sticky Next
 * or "Waiting for Host" bar that follows it a frame later (its scroll margin is the bar's height, action-bar.tsx;
 * the session screen calls this once the bar is there): on a phone the bar would otherwise cover the partner's
 * answer. Only on the reveal itself, not on a load that finds it done; no smooth scroll for someone who asked for
 * less motion. Both the scroll and the toasts' leaving wait for the frame that shows the reveal: the partner's answer
 * paints first, the motion follows (docs/performance.md, tap → partner's screen).
 */
export function useRevealInView(container: RefObject<HTMLElement | null>, itemId: string | undefined, revealed: boolean) {
  const seen = useRef({ itemId, revealed });
  useEffect(() => {
    const was = seen.current.itemId === itemId && seen.current.revealed;
    seen.current = { itemId, revealed };
    if (!revealed || was) return;
    // Not cancelled by a cleanup: StrictMode's second run of the effect finds the reveal seen and schedules nothing.
    afterNextPaint(() => {
      // Nothing lingers over what both answered: an earlier toast ("Invitation Sent", "Invite Accepted") goes now.
      closeToasts();
      const reveal = container.current?.querySelector<HTMLElement>('[data-reveal]');
      if (!reveal) return;
      reveal.style.scrollMarginBottom = `calc(${actionBarHeight() ?? '0px'} + 1rem)`;
      reveal.scrollIntoView({ block: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    });
  }, [container, itemId, revealed]);
}
