import { matchPath, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fill, patterns } from '@core/screens';
import { gamePatterns, STANDALONE_GAMES } from '@core/routes';
import { routes } from './router';

/** Every path the router matches, written from the root. */
function pathsOf(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const here = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const own = route.index ? [parent || '/'] : route.path === undefined ? [] : [here];
    return [...own, ...pathsOf(route.children ?? [], here || parent)];
  });
}

describe('the router', () => {
  const paths = pathsOf(routes);

  it('matches every screen of core/screens.ts', () => {
    // A pattern is the router's own, or an address of it is matched by Memories' one entry, which picks its screen.
    const matched = (pattern: string) =>
      paths.includes(pattern) ||
      ((pattern === '/memories' || pattern.startsWith('/memories/')) && !!matchPath('/memories/*', fill(pattern, { sessionId: 's1', low: 'u1', high: 'u2', day: '2026-01-02' })));
    for (const pattern of Object.values(patterns)) expect(matched(pattern), pattern).toBe(true);
    expect(paths).toContain('/memories/*');
  });

  it("matches every game screen at the patterns core/routes.ts gives each game's place, and the hubs' own 404", () => {
    expect(STANDALONE_GAMES).not.toEqual([]);
    for (const game of ['catalogue' as const, ...STANDALONE_GAMES]) {
      const at = gamePatterns(game);
      for (const pattern of [at.categories, ...at.levels, at.create, ...at.sessions, ...at.sessionsWithoutId]) expect(paths).toContain(pattern);
    }
    for (const game of STANDALONE_GAMES) expect(paths).toContain(`${gamePatterns(game).prefix}/*`);
  });
});
