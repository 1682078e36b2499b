import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Every page's document title, from one place (docs/product/home-and-shell.md#page-titles): the route's own title
 * (its `handle.title` in web/app/router.tsx), made finer by the page where it knows more (a game's name, a level),
 * then the app's name: "Would You Rather · Level 2 · Twogether".
 */
export const APP_NAME = 'Twogether';

export const pageTitle = (...parts: (string | null | undefined | false)[]) => [...parts.filter(Boolean), APP_NAME].join(' · ');

/** A route's title: fixed, or read from its address's parameters. */
export type RouteTitle = string | ((params: Record<string, string | undefined>) => string);

/** Sets a page's finer title while it is on screen (the route's title comes back when it leaves). */
export function usePageTitle(...parts: (string | null | undefined | false)[]) {
  const title = pageTitle(...parts);
  // Again after each navigation, which sets the route's title first (web/app/document-title.ts).
  const { key } = useLocation();
  useEffect(() => {
    document.title = title;
  }, [title, key]);
}
