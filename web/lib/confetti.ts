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

/**
 * A colour token's value in the theme on screen (web/styles.css), as canvas-confetti wants it (hex): a celebration's
 * colours follow the theme, so none vanishes on the dark canvas (docs/decisions/044-dark-mode.md).
 */
export function tokenColour(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(`--color-${name}`).trim();
  return /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;
}
