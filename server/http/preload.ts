import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The pages a visitor may land on, with the modules the router will load for them (web/app/router.tsx). Every
 * page but the onboarding flow sits in the root layout. Paths are relative to web/, as in Vite's manifest.
 */
export const LANDING_PAGES: [RegExp, string[]][] = [
  [/^\/flow\/[^/]+$/, ['features/onboarding/flow-page.tsx']],
  [/^\/$/, ['app/layout/root-layout.tsx', 'app/home-route.tsx']],
  [/^\/login$/, ['app/layout/root-layout.tsx', 'features/auth/components/login-page.tsx']],
  [/^\/signup$/, ['app/layout/root-layout.tsx', 'features/auth/components/signup-page.tsx']],
  [/^\/forgot-password$/, ['app/layout/root-layout.tsx', 'features/auth/components/forgot-password-page.tsx']],
  [/^\/reset-password$/, ['app/layout/root-layout.tsx', 'features/auth/components/reset-password-page.tsx']],
  [/^\/pricing$/, ['app/layout/root-layout.tsx', 'features/plans/pricing-page.tsx']],
  [/^\/invite\/[^/]+$/, ['app/layout/root-layout.tsx', 'features/partner-links/invite-page.tsx']],
  [/^\/games$/, ['app/layout/root-layout.tsx', 'features/games/games-page.tsx']],
  [/^\/profile$/, ['app/layout/root-layout.tsx', 'app/profile-route.tsx']],
  [/^\/games\/[^/]+\/(host-)?session\/[^/]+$/, ['app/layout/root-layout.tsx', 'features/play/session-page.tsx']],
];

/**
 * A single-page app loads a page's code only after its entry script has run and the router has matched: two or
 * three round trips before the first paint of a form. With Vite's manifest the server knows, from the path alone,
 * which chunks that page will import, and lists them as <link rel="modulepreload"> in the HTML, so the browser
 * fetches them beside the entry script. Without a manifest (no build, or an old one) pages are served unchanged.
 */
export function createPagePreloader(webDir: string) {
  const indexFile = path.join(webDir, 'index.html');
  const manifestFile = path.join(webDir, '.vite', 'manifest.json');
  if (!existsSync(indexFile) || !existsSync(manifestFile)) return null;
  const index = readFileSync(indexFile, 'utf8');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

  const filesOf = (sources: string[]) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || key === 'index.html' || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const child of chunk.imports ?? []) visit(child);
    };
    for (const source of sources) visit(source);
    return [...files].filter((file) => !index.includes(`/${file}"`));
  };

  const pages = LANDING_PAGES.map(([pattern, sources]) => {
    const links = filesOf(sources).map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`);
    return [pattern, links.length ? index.replace('</head>', `${links.join('')}  </head>`) : index] as const;
  });

  return {
    /** The index.html for this path, with its page's chunks preloaded when it is a known landing page. */
    htmlFor(pathname: string): string {
      return pages.find(([pattern]) => pattern.test(pathname))?.[1] ?? index;
    },
  };
}
