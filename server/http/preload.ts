import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The pages a visitor may land on, with the modules the router will load for them (web/app/router.tsx). Every
 * page but the preview sits in the root layout. Paths are relative to web/, as in Vite's manifest.
 */
export const LANDING_PAGES: [RegExp, string[]][] = [
  // The preview's steps that are chunks of their own (web/features/preview/preview-step.tsx).
  [/^\/flow\/2$/, ['features/preview/preview-page.tsx', 'features/preview/steps/would-you-rather-step.tsx']],
  [/^\/flow\/4$/, ['features/preview/preview-page.tsx', 'features/preview/steps/movie-step.tsx']],
  [/^\/flow\/6$/, ['features/preview/preview-page.tsx', 'features/preview/steps/quiz-step.tsx']],
  [/^\/flow\/7$/, ['features/preview/preview-page.tsx', 'features/preview/report/report-step.tsx']],
  [/^\/flow\/[^/]+$/, ['features/preview/preview-page.tsx']],
  [/^\/$/, ['app/layout/root-layout.tsx', 'app/home-route.tsx']],
  [/^\/login$/, ['app/layout/root-layout.tsx', 'features/auth/components/login-page.tsx']],
  [/^\/signup$/, ['app/layout/root-layout.tsx', 'features/auth/components/signup-page.tsx']],
  [/^\/forgot-password$/, ['app/layout/root-layout.tsx', 'features/auth/components/forgot-password-page.tsx']],
  [/^\/reset-password$/, ['app/layout/root-layout.tsx', 'features/auth/components/reset-password-page.tsx']],
  [/^\/pricing$/, ['app/layout/root-layout.tsx', 'features/plans/pricing-page.tsx']],
  [/^\/privacy$/, ['app/layout/root-layout.tsx', 'features/legal/privacy-page.tsx']],
  [/^\/terms$/, ['app/layout/root-layout.tsx', 'features/legal/terms-page.tsx']],
  [/^\/contact$/, ['app/layout/root-layout.tsx', 'features/legal/contact-page.tsx']],
  [/^\/invite\/[^/]+$/, ['app/layout/root-layout.tsx', 'features/partner-links/invite-page.tsx']],
  [/^\/games$/, ['app/layout/root-layout.tsx', 'features/catalogue/games-page.tsx']],
  [/^\/profile$/, ['app/layout/root-layout.tsx', 'app/profile-route.tsx']],
  [/^\/games\/[^/]+\/(host-)?session\/[^/]+$/, ['app/layout/root-layout.tsx', 'features/sessions/session-page.tsx']],
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

  const sourcesOf = (pathname: string) => LANDING_PAGES.find(([pattern]) => pattern.test(pathname))?.[1] ?? [];
  const withPreloads = (html: string, sources: string[]) => {
    const links = filesOf(sources).map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`);
    return links.length ? html.replace('</head>', `${links.join('')}  </head>`) : html;
  };
  const pages = LANDING_PAGES.map(([pattern, sources]) => [pattern, withPreloads(index, sources)] as const);
  // A prerendered page fetches its scripts after its first paint (scripts/prerender.mjs): its own chunks join the list.
  const withDeferredPreloads = (html: string, sources: string[]) => {
    const files = filesOf(sources).map((file) => `/${file}`);
    return files.length ? html.replace(/ data-preload="([^"]*)"/, (_, listed: string) => ` data-preload="${[...listed.split(' ').filter(Boolean), ...files].join(' ')}"`) : html;
  };
  const prerendered = new Map(readPrerendered(webDir).map(([pathname, html]) => [pathname, withDeferredPreloads(html, sourcesOf(pathname))]));

  return {
    /** The index.html for this path, with its page's chunks preloaded when it is a known landing page. */
    htmlFor(pathname: string): string {
      return pages.find(([pattern]) => pattern.test(pathname))?.[1] ?? index;
    },
    /**
     * The page prerendered for a visitor at this path (docs/decisions/043-prerendered-public-pages.md), its chunks
     * preloaded, or undefined when the build holds none for it.
     */
    prerenderedFor(pathname: string): string | undefined {
      return prerendered.get(pathname);
    },
  };
}

/** The build's prerendered pages (scripts/prerender.mjs): prerendered/login.html is /login, prerendered/flow/1.html /flow/1. */
function readPrerendered(webDir: string): [string, string][] {
  const dir = path.join(webDir, 'prerendered');
  if (!existsSync(dir)) return [];
  const walk = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      const file = path.join(folder, name);
      return statSync(file).isDirectory() ? walk(file) : name.endsWith('.html') ? [file] : [];
    });
  return walk(dir).map((file) => [`/${path.relative(dir, file).split(path.sep).join('/').slice(0, -'.html'.length)}`, readFileSync(file, 'utf8')]);
}
