import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeTitle } from './document-title';
import { routes } from './router';

/** An address of every page the router has, in the product's words. */
const PAGES = [
  '/flow/1',
  '/flow/6',
  '/flow/7',
  '/',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/privacy',
  '/terms',
  '/contact',
  '/pricing',
  '/success',
  '/invite/abc',
  '/profile',
  '/daily',
  '/games',
  '/games/would_you_rather/categories',
  '/games/would_you_rather/categories/everyday-life',
  '/games/would_you_rather/create/level-1',
  '/games/would_you_rather/host-session/s1',
  '/games/would_you_rather/host-session',
  '/questions',
  '/checkout',
  '/nowhere',
];

const titleOf = (path: string) => routeTitle(matchRoutes(routes, path) ?? []);

describe('document titles', () => {
  it('gives every page a title of its own, ending in the app name', () => {
    const titles = PAGES.map(titleOf);
    expect(titles.length).toBe(PAGES.length);
    for (const title of titles) expect(title).toMatch(/^.+ · Twogether$/);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titleOf('/flow/2')).toBe('Free preview 2 of 6 · Twogether');
    expect(titleOf('/flow/7')).toBe('Your Relationship Profile · Twogether');
  });

  it('leaves no page route without one', () => {
    const untitled: string[] = [];
    const walk = (list: RouteObject[], parent: string) => {
      for (const route of list) {
        const path = route.path ? `${parent}/${route.path}`.replace('//', '/') : parent;
        const isPage = (route.lazy || route.element) && !route.children;
        if (isPage && !(route.handle as { title?: unknown } | undefined)?.title && !route.element) untitled.push(path || '(index)');
        if (route.children) walk(route.children, path);
      }
    };
    walk(routes, '');
    expect(untitled).toEqual([]);
  });
});
