import { useEffect, useRef } from 'react';

const typing = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Keyboard shortcuts for a choice (e.g. 1 or A, 2 or B), off while typing, with modifiers, or under a dialog. */
export function useChoiceKeys<C extends string>(keys: Record<string, C>, onChoose: (choice: C) => void, enabled: boolean) {
  const latest = useRef(onChoose);
  useEffect(() => {
    latest.current = onChoose;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.repeat || e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const choice = keys[e.key.toLowerCase()];
      if (!choice) return;
      e.preventDefault();
      latest.current(choice);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keys, enabled]);
}
