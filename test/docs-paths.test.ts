/**
 * Stale docs are bugs: every file a page of docs/ (or the README) names must exist. A backticked name counts when it
 * looks like a file (it has an extension we write code or docs in); it may be written from any folder down
 * (`sessions/access.ts` for server/modules/sessions/access.ts), so it must be the tail of some file's path. A Markdown
 * link to a local file must resolve from the page that holds it.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const skipDirs = new Set(['node_modules', '.git', 'dist', '.data', 'test-results']);

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skipDirs.has(entry.name)) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(relative(root, full).split('\\').join('/'));
  }
  return out;
}

const files = walk(root);
const pages = files.filter((f) => f === 'README.md' || (f.startsWith('docs/') && f.endsWith('.md')));
/** Names that are outputs of a build or a run (in the tree or in /tmp), not files of the repository. */
const generated = /^(\/tmp|dist|\.data|test-results|node_modules|bench\/results)\//;
const fileLike = /`([A-Za-z0-9_.@/-]+\.(?:ts|tsx|mjs|js|json|sql|css|md|html))`/g;
const localLink = /\]\((?!https?:|mailto:|#)([^)#\s]+)(?:#[^)]*)?\)/g;

const exists = (name: string) => {
  const tail = name.replace(/^\.\//, '');
  return files.some((f) => f === tail || f.endsWith(`/${tail}`));
};

export function missingNames(page: string, text: string): string[] {
  const missing: string[] = [];
  for (const [, name] of text.matchAll(fileLike)) if (!generated.test(name) && !exists(name)) missing.push(name);
  for (const [, target] of text.matchAll(localLink)) {
    if (!existsSync(resolve(root, dirname(page), decodeURIComponent(target)))) missing.push(target);
  }
  return missing;
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchorsOf = (file: string) =>
  new Set(
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => slug(line.replace(/^#+ /, ''))),
  );

/** Links to a section (`page.md#section`) from the docs, and from code comments that cite `docs/…md#section`. */
export function missingAnchors(file: string, text: string): string[] {
  const missing: string[] = [];
  const check = (target: string, anchor: string) => {
    if (!existsSync(join(root, target)) || !anchorsOf(target).has(anchor)) missing.push(`${target}#${anchor}`);
  };
  if (file.endsWith('.md')) {
    for (const [, target, anchor] of text.matchAll(/\]\(((?!https?:)[^)#\s]*)#([^)\s]+)\)/g)) check(target ? relative(root, resolve(root, dirname(file), target)) : file, anchor);
  } else {
    for (const [, target, anchor] of text.matchAll(/(docs\/[a-z0-9/_.-]+\.md)#([a-z0-9_-]+)/g)) check(target, anchor);
  }
  return missing;
}

const sources = files.filter((f) => /^(web|server|core|e2e|test|bench|scripts)\//.test(f) && /\.(ts|tsx|mjs)$/.test(f) && f !== 'test/docs-paths.test.ts');

describe('links to a section of the docs find it', () => {
  it('reads the code that cites the docs', () => {
    expect(sources.filter((f) => readFileSync(join(root, f), 'utf8').includes('docs/product/')).length).toBeGreaterThan(20);
  });

  it('catches a planted link to a section that is not there', () => {
    expect(missingAnchors('docs/ARCHITECTURE.md', '[x](product/partners.md#no-such-section) [y](product/partners.md#session-invitations)')).toEqual([
      'docs/product/partners.md#no-such-section',
    ]);
  });

  it.each([...pages, ...sources])('%s', (file) => {
    expect(missingAnchors(file, readFileSync(join(root, file), 'utf8'))).toEqual([]);
  });
});

describe('docs name only files that exist', () => {
  it('reads the README and every page of docs/', () => {
    expect(pages).toContain('README.md');
    expect(pages.filter((p) => p.startsWith('docs/')).length).toBeGreaterThan(10);
  });

  it('catches a planted name of a file that is gone', () => {
    expect(missingNames('docs/x.md', 'see `web/features/sessions/boards/coming-soon-board.tsx` and [a](nowhere.md)')).toEqual([
      'web/features/sessions/boards/coming-soon-board.tsx',
      'nowhere.md',
    ]);
    expect(missingNames('docs/ARCHITECTURE.md', 'see `sessions/access.ts`, `/tmp/report.json` and [d](decisions/001-one-process-fastify-better-auth.md)')).toEqual([]);
  });

  it.each(pages)('%s', (page) => {
    expect(missingNames(page, readFileSync(join(root, page), 'utf8'))).toEqual([]);
  });
});

/**
 * A path a code comment names, from a top folder of the repository down (`server/db/functions.sql`,
 * `docs/decisions/032-one-clock-and-each-persons-time-zone.md`); a decision may be named by its number alone
 * (`docs/decisions/012`). Placeholders (`<game>`) and globs are not names.
 */
const commentPath = /(?<![\w./@-])((?:docs|server|web|core|scripts|test|e2e|bench|ops|content)\/[A-Za-z0-9_./-]*[A-Za-z0-9_-])(?![\w/<*-])/g;
const commentLines = (text: string) =>
  text
    .split('\n')
    .map((line) => /^\s*(?:\/\/|\/?\*)(.*)$/.exec(line)?.[1] ?? /\s\/\/\s(.*)$/.exec(line)?.[1])
    .filter((line): line is string => line !== undefined);

export function missingInComments(text: string): string[] {
  const missing: string[] = [];
  for (const line of commentLines(text)) {
    for (const [, name] of line.matchAll(commentPath)) {
      const decision = /^docs\/decisions\/(\d{3})$/.exec(name);
      if (
        decision
          ? !files.some((f) => f.startsWith(`docs/decisions/${decision[1]}-`))
          : !/\.\w+$/.test(name)
            ? !files.some((f) => f.startsWith(`${name}/`))
            : !files.includes(name) && !generated.test(name)
      )
        missing.push(name);
    }
  }
  return missing;
}

describe('code comments name only files that exist', () => {
  it('catches a planted name of a file or folder that is gone, and reads a decision by its number', () => {
    expect(missingInComments('// see server/db/functions.sql and server/modules/nowhere/x.ts\n/** docs/decisions/012 and docs/decisions/999 */')).toEqual([
      'server/modules/nowhere/x.ts',
      'docs/decisions/999',
    ]);
    expect(missingInComments('const x = "server/nowhere.ts"; // web/features/sessions/games/<game>/')).toEqual([]);
  });

  it.each(sources)('%s', (file) => {
    expect(missingInComments(readFileSync(join(root, file), 'utf8'))).toEqual([]);
  });
});
