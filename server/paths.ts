import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root, found by walking up to package.json: the same from server/*.ts and from the bundle in dist/server. */
function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** Where the data lives when DATA_DIR is not set: read by config.ts, and by db/early-thread.ts before it loads. */
export const DEFAULT_DATA_DIR = '.data';

export const paths = {
  migrations: path.join(projectRoot, 'server/db/migrations'),
  content: path.join(projectRoot, 'content'),
  webDist: path.join(projectRoot, 'dist/web'),
};
