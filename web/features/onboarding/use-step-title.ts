import { ONBOARDING_STEPS } from '@core/onboarding';
import { useEffect } from 'react';

/** A distinct document title per step (WCAG 2.4.2), restored when the visitor leaves the flow. */
export function useStepTitle(step: number | null) {
  useEffect(() => {
    if (step === null) return;
    const before = document.title;
    document.title = step === ONBOARDING_STEPS ? 'Your Relationship Profile · Twogether' : `Free preview ${step} of ${ONBOARDING_STEPS - 1} · Twogether`;
    return () => {
      document.title = before;
    };
  }, [step]);
}
