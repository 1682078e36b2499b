import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_KEY } from '@/lib/theme';
import { ThemeToggle } from './theme-toggle';

/** A matchMedia whose prefers-color-scheme answer the test changes, telling the listeners as a browser does. */
function systemTheme(initial: 'light' | 'dark') {
  let dark = initial === 'dark';
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' && dark;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return (theme: 'light' | 'dark') =>
    act(() => {
      dark = theme === 'dark';
      for (const listener of listeners) listener();
    });
}

const button = () => screen.getByRole('button', { name: /^Theme:/ });

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  document.head.innerHTML =
    '<meta name="theme-color" content="#fdf6f3" media="(prefers-color-scheme: light)" data-scheme="light"><meta name="theme-color" content="#1a1216" media="(prefers-color-scheme: dark)" data-scheme="dark">';
});
afterEach(() => vi.unstubAllGlobals());

describe('ThemeToggle', () => {
  it('follows the system while nothing is chosen', () => {
    const system = systemTheme('light');
    render(<ThemeToggle />);
    expect(button().getAttribute('aria-label')).toBe('Theme: System (light). Switch to Light');
    system('dark');
    expect(button().getAttribute('aria-label')).toBe('Theme: System (dark). Switch to Light');
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
  });

  it('steps System, Light, Dark and back, remembering the choice and setting it on the document', () => {
    systemTheme('dark');
    render(<ThemeToggle />);
    fireEvent.click(button());
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(button().getAttribute('aria-label')).toBe('Theme: Light. Switch to Dark');
    // The browser's bar takes the chosen theme's colour, whatever the system says.
    const metas = [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((m) => m.media);
    expect(metas).toEqual(['all', 'not all']);

    fireEvent.click(button());
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');

    fireEvent.click(button());
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(button().getAttribute('aria-label')).toBe('Theme: System (dark). Switch to Light');
    expect([...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((m) => m.media)).toEqual([
      '(prefers-color-scheme: light)',
      '(prefers-color-scheme: dark)',
    ]);
  });

  it('starts from the remembered choice', () => {
    systemTheme('light');
    localStorage.setItem(THEME_KEY, 'dark');
    render(<ThemeToggle />);
    expect(button().getAttribute('aria-label')).toBe('Theme: Dark. Switch to System');
  });

  it("follows another tab's choice", () => {
    systemTheme('light');
    render(<ThemeToggle />);
    localStorage.setItem(THEME_KEY, 'dark');
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY, newValue: 'dark' })));
    expect(button().getAttribute('aria-label')).toBe('Theme: Dark. Switch to System');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
