import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type ContentFile, contentFileSchema } from '@core/games';
import { paths } from '../../paths';

export const contentDir = paths.content;

/** Named, so server/main.ts can tell it without importing the content check. */
export class ContentError extends Error {
  override name = 'ContentError';
}

/** Content files: `file` is the path, `content` the parsed category. */
export type ReadContentFile = { file: string; content: ContentFile };

/**
 * Every content file under content/<game>/*.json, parsed and validated against its game's schema (the first invalid
 * field stops it, named with its file). The content check (check.ts) runs on what this returns.
 */
export function readContentFiles(dir: string = contentDir): ReadContentFile[] {
  return listContentFiles(dir).map(({ game, file }) => {
    const result = contentFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new ContentError(`${path.relative(dir, file)}: ${issue?.path.join('.')}: ${issue?.message}`);
    }
    if (result.data.game !== game) throw new ContentError(`${path.relative(dir, file)}: game '${result.data.game}' is in the '${game}' folder`);
    return { file, content: result.data };
  });
}

/** The paths of content/<game>/*.json, games and files in name order (the content hash reads them in this order). */
export function listContentFiles(dir: string = contentDir): { game: string; file: string }[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .flatMap((game) =>
      readdirSync(path.join(dir, game))
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((name) => ({ game, file: path.join(dir, game, name) })),
    );
}

/** The same files named relative to the content folder, as the check's messages name them ("questions/memories.json"). */
export const relativeTo = (dir: string, files: ReadContentFile[]): ReadContentFile[] => files.map((f) => ({ file: path.relative(dir, f.file), content: f.content }));
