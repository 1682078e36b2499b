import { useSyncExternalStore } from 'react';

/**
 * The colour theme (docs/decisions/044-dark-mode.md): the person's choice, remembered in this browser, or the
 * system's. public/theme.js applies a stored choice before the first paint; this module keeps it in step when the
 * choice changes. 'system' is the absence of a stored choice: no data-theme, and the stylesheet's media query decides.
 */
export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

/** The key public/theme.js reads. */
export const THEME_KEY = 'twogether.theme';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
export const THEME_LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** What the system asks for, when the choice is 'system'. */
const systemTheme = (): Theme => (window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light');

/** The theme on screen now. */
export function resolvedTheme(choice = readThemeChoice()): Theme {
  return choice === 'system' ? systemTheme() : choice;
}

/** Puts a choice on the document: data-theme (none for the system's), and the theme-color meta that applies. */
function apply(choice: ThemeChoice) {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"][data-scheme]')) {
    const scheme = meta.dataset.scheme;
    meta.media = choice === 'system' ? `(prefers-color-scheme: ${scheme})` : scheme === choice ? 'all' : 'not all';
  }
}

export function setThemeChoice(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Storage refused (a private window's quota): the choice holds for this page only.
  }
  apply(choice);
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // Another tab's choice, and the system's theme changing under 'system'.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_KEY && event.key !== null) return;
    apply(readThemeChoice());
    onChange();
  };
  const media = window.matchMedia?.(DARK_QUERY);
  window.addEventListener('storage', onStorage);
  media?.addEventListener('change', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
    media?.removeEventListener('change', onChange);
  };
}

/**
 * The stored choice and the theme it shows, following the system under 'system'. A prerendered page renders
 * 'system' on the server, and the stored choice right after hydration.
 */
export function useTheme(): { choice: ThemeChoice; theme: Theme } {
  const choice = useSyncExternalStore(subscribe, readThemeChoice, () => 'system' as const);
  const theme = useSyncExternalStore(
    subscribe,
    () => resolvedTheme(choice),
    () => 'light' as const,
  );
  return { choice, theme };
}
