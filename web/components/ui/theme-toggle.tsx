import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '@/lib/cn';
import { THEME_CHOICES, THEME_LABELS, setThemeChoice, useTheme } from '@/lib/theme';

const icons = { system: Monitor, light: Sun, dark: Moon } as const;

/**
 * A visitor's theme control (docs/product/home-and-shell.md#theme): one icon button that steps System → Light →
 * Dark. Small and native, for the public headers (the preview's loads it after the page); `labelled` shows the theme
 * in words, in the phone's menu. A signed-in person chooses in the account menu.
 */
export function ThemeToggle({ className, labelled = false }: { className?: string; labelled?: boolean }) {
  const { choice, theme } = useTheme();
  const next = THEME_CHOICES[(THEME_CHOICES.indexOf(choice) + 1) % THEME_CHOICES.length];
  const Icon = icons[choice];
  const current = choice === 'system' ? `System (${theme})` : THEME_LABELS[choice];
  return (
    <button
      type="button"
      className={cn(
        'shrink-0 rounded-full text-ink-muted transition-colors hover:bg-brand-soft hover:text-ink',
        labelled ? 'flex w-full items-center gap-3 px-4 py-3 font-semibold' : 'grid size-10 place-items-center',
        className,
      )}
      aria-label={`Theme: ${current}. Switch to ${THEME_LABELS[next]}`}
      title={`Theme: ${current}`}
      onClick={() => setThemeChoice(next)}
    >
      <Icon className="size-5" aria-hidden />
      {labelled && <span aria-hidden>Theme: {current}</span>}
    </button>
  );
}
