import confetti from 'canvas-confetti';

let fire: confetti.CreateTypes | undefined;

/** Whether the person asked their system for less motion: then there is no confetti at all. */
export const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** A burst of confetti, unless the person asked for less motion. */
export function celebrate(options: confetti.Options) {
  if (prefersReducedMotion()) return;
  // Our own instance without a worker: the CSP (rightly) refuses workers made from blob: URLs.
  void (fire ??= confetti.create(undefined, { resize: true, useWorker: false }))(options);
}
