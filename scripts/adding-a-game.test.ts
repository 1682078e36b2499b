/**
 * docs/ARCHITECTURE.md#adding-a-game lists the files a fifth game touches, and marks with ✓ those the type checker
 * asks for. This proves the marks: it plants a `two_truths` definition in a copy of the tree, runs the project's own
 * type check (`npm run typecheck`) there, and expects the files it reports to be exactly the marked ones
 * besides the definitions file itself. The compiler has no stable API to call, so it runs as a command.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEFINITIONS = 'core/game-definitions.ts';

/** The fifth game, written as ARCHITECTURE's first row says: a `gameDefinitions` entry, before the list closes. */
const planted = `  two_truths: {
    ...inTheCatalogue,
    type: 'two_truths',
    aliases: ['truths'],
    item: questionItem,
    answer: z.enum(['a', 'b', 'c']),
    view: z.object({ text: viewText }),
    scored: true,
    isCorrect: () => false,
    redact: (item) => item,
    accepts: () => true,
    memory: { prompt: (item) => item.text, answer: (_item, answer) => answer },
    displayName: 'Two Truths and a Lie',
    description: 'Two statements are true, one is not: spot the lie.',
    advance: { last: 'Finish', other: 'Next' },
    style: { icon: 'scale', tile: 'from-rose-500 to-pink-700' },
    content: { identity: (i) => i.text, near: (i) => [{ kind: 'words', text: i.text }] },
  } satisfies GameDefinition<'two_truths', z.infer<typeof questionItem>, 'a' | 'b' | 'c'>,
} as const;`;

/** The "Adding a game" table's rows whose last column is ✓: the file column's first backticked path of each. */
export function markedFiles(architecture: string): string[] {
  const section = architecture.split(/^## Adding a game$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => /^\|\s*\d+\s*\|/.test(line))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => cells[cells.length - 2] === '✓')
    .map((cells) => /`([^`]+)`/.exec(cells[2])?.[1] ?? `(row ${cells[1]} names no file)`);
}

const sandbox = mkdtempSync(join(tmpdir(), 'adding-a-game-'));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

/** The tracked tree, copied; node_modules linked entry by entry, so a build cache written here stays here. */
function copyTree() {
  const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of tracked) {
    // A file deleted from the working tree but not yet from git's index is not part of the tree.
    if (/^(content|docs)\//.test(file) || /\.(png|jpg|webp|woff2?)$/.test(file) || !existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(sandbox, file)), { recursive: true });
    cpSync(join(root, file), join(sandbox, file));
  }
  mkdirSync(join(sandbox, 'node_modules'));
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry !== '.cache') symlinkSync(join(root, 'node_modules', entry), join(sandbox, 'node_modules', entry));
  }
}

/** The files the project's type check (`npm run typecheck`, run in the copy) reports, relative to the tree. */
function typeErrors(): { files: string[]; output: string } {
  const run = spawnSync('npm', ['run', '--silent', 'typecheck'], { cwd: sandbox, encoding: 'utf8' });
  const output = `${run.stdout}${run.stderr}`;
  const files = [...output.matchAll(/^([^\s(]+\.tsx?)\(\d+,\d+\): error/gm)].map((m) => m[1].replace(/^\.\//, ''));
  return { files: [...new Set(files)].sort(), output };
}

describe('adding a game', () => {
  it('asks in exactly the files docs/ARCHITECTURE.md marks ✓', () => {
    const marked = markedFiles(readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8'));
    expect(marked).toContain(DEFINITIONS);
    copyTree();
    const definitions = readFileSync(join(sandbox, DEFINITIONS), 'utf8');
    const end = definitions.lastIndexOf('} as const;');
    expect(end).toBeGreaterThan(0);
    writeFileSync(join(sandbox, DEFINITIONS), definitions.slice(0, end) + planted + definitions.slice(end + '} as const;'.length));
    const { files, output } = typeErrors();
    expect(files, output).not.toEqual([]);
    expect(files, output).toEqual(marked.filter((f) => f !== DEFINITIONS).sort());
  }, 180_000);

  it('reads the marked rows of a table', () => {
    const page =
      '## Adding a game\n| # | file | what | asks |\n|---|---|---|---|\n| 1 | `a.ts` | x | ✓ |\n| 2 | `b/c.ts` and `d.ts` | y | |\n| 3 | `e.tsx` | z | ✓ |\n## Next\n| 4 | `f.ts` | | ✓ |';
    expect(markedFiles(page)).toEqual(['a.ts', 'e.tsx']);
  });
});
