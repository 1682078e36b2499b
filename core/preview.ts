/** The public preview's constants and rules (docs/product/preview.md). */
export const PREVIEW_STEPS = 7;
export const FREE_PREVIEWS = 6;
export const COPIED_INDICATOR_MS = 2000;

/** The step from the URL, or null when it must redirect to /flow/1. */
export function parsePreviewStep(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const step = Number(raw);
  return step >= 1 && step <= PREVIEW_STEPS ? step : null;
}

export function isNonBlank(answer: string): boolean {
  return answer.trim().length > 0;
}

/** The header's progress label: "n of 6 free previews" on steps 1 to 6, null on the report. */
export function previewProgressLabel(step: number): string | null {
  return step >= 1 && step <= FREE_PREVIEWS ? `${step} of ${FREE_PREVIEWS} free previews` : null;
}

/** The movie score: how many rounds were guessed right (unplayed rounds count as wrong). */
export function movieScore(results: readonly (boolean | undefined)[]): number {
  return results.filter(Boolean).length;
}

/** The preview's address and the screens it links to, apart from core/screens.ts so /flow/1 loads only these. */
export const PREVIEW_PATH = '/flow';
export const HOME = '/';
export const LOGIN = '/login';
export const SIGNUP = '/signup';
/** The visitor's preview, one of its 7 steps (docs/product/preview.md). */
export const previewStep = (step: number) => `${PREVIEW_PATH}/${step}`;
